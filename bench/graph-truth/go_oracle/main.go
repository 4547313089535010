// The Go oracle for bench/graph-truth/go.mjs: go/types' own view of a tree of standard-library
// packages (standard library only: go/build, go/parser, go/types, go/importer "source").
//
//	go run main.go net/http   -> JSON on stdout: the files checked, the declarations (package level,
//	                             methods, interface methods) and, per declaration, every use (types.Info.Uses)
//
// Each directory is checked as `go test` sees it: the package with its in-package tests, then the
// external _test package. Objects are identified by their declaration's position, so the net/http
// that the source importer loads for a sub-package is the same declaration as the one checked here.
// Paths are relative to GOROOT/src; columns are 1-based bytes, as splice reports them.
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

type site struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

type decl struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	site
	Refs []site `json:"refs"`
}

func main() {
	root := filepath.Join(build.Default.GOROOT, "src")
	top := filepath.Join(root, os.Args[1])
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	where := func(p token.Pos) (site, bool) {
		pos := fset.Position(p)
		rel, err := filepath.Rel(root, pos.Filename)
		if err != nil || !strings.HasPrefix(rel, os.Args[1]+string(filepath.Separator)) {
			return site{}, false
		}
		return site{rel, pos.Line, pos.Column}, true
	}
	decls := map[site]*decl{}
	files := map[string]bool{}
	uses := map[site][]site{}
	check := func(dir, path string, names []string) {
		if len(names) == 0 {
			return
		}
		var parsed []*ast.File
		for _, n := range names {
			f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			parsed = append(parsed, f)
			rel, _ := filepath.Rel(root, filepath.Join(dir, n))
			files[rel] = true
		}
		info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: imp.(types.ImporterFrom), Error: func(error) {}}
		pkg, _ := conf.Check(path, fset, parsed, info)
		for id, obj := range info.Defs {
			if obj == nil {
				continue
			}
			kind := ""
			switch o := obj.(type) {
			case *types.Func:
				sig := o.Type().(*types.Signature)
				if sig.Recv() == nil {
					kind = "function"
				} else if _, ok := sig.Recv().Type().Underlying().(*types.Interface); ok {
					kind = "interface method"
				} else {
					kind = "method"
				}
			case *types.TypeName:
				if o.Parent() != pkg.Scope() {
					continue
				}
				switch o.Type().Underlying().(type) {
				case *types.Struct:
					kind = "struct"
				case *types.Interface:
					kind = "interface"
				default:
					kind = "type"
				}
			case *types.Const:
				if o.Parent() == pkg.Scope() {
					kind = "constant"
				}
			case *types.Var:
				if o.Parent() == pkg.Scope() {
					kind = "variable"
				}
			}
			if kind == "" || id.Name == "_" || (kind == "function" && id.Name == "init") {
				continue
			}
			if s, ok := where(id.Pos()); ok && decls[s] == nil {
				decls[s] = &decl{Name: id.Name, Kind: kind, site: s}
			}
		}
		for id, obj := range info.Uses {
			from, ok1 := where(obj.Pos())
			at, ok2 := where(id.Pos())
			if ok1 && ok2 {
				uses[from] = append(uses[from], at)
			}
		}
	}
	filepath.Walk(top, func(dir string, fi os.FileInfo, err error) error {
		if err != nil || !fi.IsDir() {
			return err
		}
		if fi.Name() == "testdata" {
			return filepath.SkipDir
		}
		bp, err := build.Default.ImportDir(dir, 0)
		if err != nil {
			return nil
		}
		path, _ := filepath.Rel(root, dir)
		check(dir, path, append(append([]string{}, bp.GoFiles...), bp.TestGoFiles...))
		check(dir, path+"_test", bp.XTestGoFiles)
		return nil
	})
	out := struct {
		Files []string `json:"files"`
		Defs  []*decl  `json:"defs"`
	}{}
	for f := range files {
		out.Files = append(out.Files, f)
	}
	sort.Strings(out.Files)
	for s, d := range decls {
		seen := map[site]bool{}
		d.Refs = []site{}
		for _, u := range uses[s] {
			if !seen[u] {
				seen[u] = true
				d.Refs = append(d.Refs, u)
			}
		}
		sort.Slice(d.Refs, func(i, j int) bool { return fmt.Sprint(d.Refs[i]) < fmt.Sprint(d.Refs[j]) })
		out.Defs = append(out.Defs, d)
	}
	sort.Slice(out.Defs, func(i, j int) bool {
		a, b := out.Defs[i], out.Defs[j]
		return a.File < b.File || (a.File == b.File && (a.Line < b.Line || (a.Line == b.Line && a.Col < b.Col)))
	})
	json.NewEncoder(os.Stdout).Encode(out)
}
