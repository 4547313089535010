// What go/ast says of each Go file named on stdin: every top-level func and (ungrouped) type with
// its line, end line, the first line of its doc comment and whether it has a body, and how many funcs there are (JSON).
package main

import (
	"bufio"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
)

type Def struct {
	Name string `json:"name"`
	Line int    `json:"line"`
	End  int    `json:"end"`
	Doc  int    `json:"doc"`
	// A func without a body (implemented in assembly).
	Bodiless bool `json:"bodiless"`
}
type File struct {
	Defs  []Def `json:"defs"`
	Funcs int   `json:"funcs"`
}

func main() {
	out := map[string]File{}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		path := sc.Text()
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			continue
		}
		var file File
		for _, d := range f.Decls {
			switch x := d.(type) {
			case *ast.FuncDecl:
				doc := 0
				if x.Doc != nil {
					doc = fset.Position(x.Doc.Pos()).Line
				}
				file.Defs = append(file.Defs, Def{x.Name.Name, fset.Position(x.Pos()).Line, fset.Position(x.End()).Line, doc, x.Body == nil})
			case *ast.GenDecl:
				if x.Tok == token.TYPE && !x.Lparen.IsValid() {
					doc := 0
					if x.Doc != nil {
						doc = fset.Position(x.Doc.Pos()).Line
					}
					for _, s := range x.Specs {
						ts := s.(*ast.TypeSpec)
						file.Defs = append(file.Defs, Def{ts.Name.Name, fset.Position(x.Pos()).Line, fset.Position(x.End()).Line, doc, false})
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncDecl); ok {
				file.Funcs++
			}
			return true
		})
		out[path] = file
	}
	json.NewEncoder(os.Stdout).Encode(out)
}
