// The Go oracle for bench/graph-truth/go.mjs: go/types' own view of a tree of standard-library
// packages (standard library only: go/build, go/parser, go/types, go/importer "source").
//
//	go run main.go net/http   -> JSON on stdout: the files checked, the declarations (package level,
//	                             methods, interface methods) and, per declaration, every use (types.Info.Uses)
//	go run main.go -root DIR net/http
//	                          -> the same, of a copy of the tree at DIR/net/http (bench/rename.mjs's workspace):
//	                             the packages of the tree are read from DIR, every other from GOROOT
//	go run main.go -check -root DIR net/http
//	                          -> JSON on stdout: every type error of the tree at DIR ("file:line: message")
//
// Each directory is checked as `go test` sees it: the package with its in-package tests, then the
// external _test package. Objects are identified by their declaration's position, so the net/http
// that the source importer loads for a sub-package is the same declaration as the one checked here.
// Paths are relative to GOROOT/src; columns are 1-based bytes, as splice reports them.
package main

import (
	"encoding/json"
	"flag"
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
	// Methods: the declarations of the same method that a rename must take along, tied through
	// interfaces (as gopls does: an interface and every type of the tree that satisfies it), and the
	// interface outside the tree it is tied to, if any (then gopls refuses).
	Tied    []site `json:"tied,omitempty"`
	Outside string `json:"outside,omitempty"`
}

// treeImporter loads the packages of the tree (the import path `prefix` and those under it) from the
// files under root, type-checked from source, and every other package as importer "source" does
// from GOROOT (asked from the same directory in GOROOT, so the standard library's vendored
// packages resolve as they do there).
type treeImporter struct {
	root, prefix string
	fset         *token.FileSet
	std          types.ImporterFrom
	pkgs         map[string]*types.Package
}

func (t *treeImporter) Import(path string) (*types.Package, error) {
	return t.ImportFrom(path, "", 0)
}

func (t *treeImporter) ImportFrom(path, dir string, mode types.ImportMode) (*types.Package, error) {
	if path != t.prefix && !strings.HasPrefix(path, t.prefix+"/") {
		if rel, err := filepath.Rel(t.root, dir); err == nil && !strings.HasPrefix(rel, "..") {
			dir = filepath.Join(build.Default.GOROOT, "src", rel)
		}
		return t.std.ImportFrom(path, dir, mode)
	}
	if p, ok := t.pkgs[path]; ok {
		return p, nil
	}
	dirOf := filepath.Join(t.root, path)
	bp, err := build.Default.ImportDir(dirOf, 0)
	if err != nil {
		return nil, err
	}
	var parsed []*ast.File
	for _, n := range bp.GoFiles {
		f, err := parser.ParseFile(t.fset, filepath.Join(dirOf, n), nil, 0)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, f)
	}
	conf := types.Config{Importer: t, Error: func(error) {}}
	pkg, _ := conf.Check(path, t.fset, parsed, nil)
	t.pkgs[path] = pkg
	return pkg, nil
}

func main() {
	rootFlag := flag.String("root", filepath.Join(build.Default.GOROOT, "src"), "the directory the tree's import paths are relative to")
	checkOnly := flag.Bool("check", false, "list the type errors instead")
	flag.Parse()
	prefix := flag.Arg(0)
	root, _ := filepath.Abs(*rootFlag)
	top := filepath.Join(root, prefix)
	fset := token.NewFileSet()
	imp := &treeImporter{root: root, prefix: prefix, fset: fset, std: importer.ForCompiler(fset, "source", nil).(types.ImporterFrom), pkgs: map[string]*types.Package{}}
	typeErrors := []string{}
	where := func(p token.Pos) (site, bool) {
		pos := fset.Position(p)
		rel, err := filepath.Rel(root, pos.Filename)
		if err != nil || !strings.HasPrefix(rel, prefix+string(filepath.Separator)) {
			return site{}, false
		}
		return site{rel, pos.Line, pos.Column}, true
	}
	decls := map[site]*decl{}
	ties := map[site]map[site]bool{}
	outside := map[site]string{}
	files := map[string]bool{}
	uses := map[site][]site{}
	check := func(dir, path string, names []string, imp types.ImporterFrom) *types.Package {
		if len(names) == 0 {
			return nil
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
		conf := types.Config{Importer: imp, Error: func(err error) {
			if e, ok := err.(types.Error); ok {
				if s, ok := where(e.Pos); ok {
					typeErrors = append(typeErrors, fmt.Sprintf("%s:%d: %s", s.File, s.Line, e.Msg))
				}
			}
		}}
		pkg, _ := conf.Check(path, fset, parsed, info)
		if !*checkOnly {
			tieMethods(pkg, info, where, ties, outside)
		}
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
				} else if o.IsField() && !o.Embedded() {
					kind = "field"
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
		return pkg
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
		withTests := append(append([]string{}, bp.GoFiles...), bp.TestGoFiles...)
		if len(bp.XTestGoFiles) == 0 {
			check(dir, path, withTests, imp)
			return nil
		}
		// As `go test` builds it: the external test package sees the package with its in-package
		// test files (export_test.go), and so does every package of the tree it imports: a fresh
		// importer, where that variant stands for the import path.
		fresh := &treeImporter{root: root, prefix: prefix, fset: fset, std: imp.std, pkgs: map[string]*types.Package{}}
		fresh.pkgs[path] = check(dir, path, withTests, fresh)
		check(dir, path+"_test", bp.XTestGoFiles, fresh)
		return nil
	})
	if *checkOnly {
		sort.Strings(typeErrors)
		json.NewEncoder(os.Stdout).Encode(typeErrors)
		return
	}
	closeTies(ties, outside)
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
		for t := range ties[s] {
			if t != s {
				d.Tied = append(d.Tied, t)
			}
		}
		sort.Slice(d.Tied, func(i, j int) bool { return fmt.Sprint(d.Tied[i]) < fmt.Sprint(d.Tied[j]) })
		d.Outside = outside[s]
		out.Defs = append(out.Defs, d)
	}
	sort.Slice(out.Defs, func(i, j int) bool {
		a, b := out.Defs[i], out.Defs[j]
		return a.File < b.File || (a.File == b.File && (a.Line < b.Line || (a.Line == b.Line && a.Col < b.Col)))
	})
	json.NewEncoder(os.Stdout).Encode(out)
}

// tieMethods records, for each method declared in pkg, the declarations of the same method tied to it
// through interfaces: closed over "a type of the group implements an interface that has the method,
// or an interface of the group is implemented by a type that has it", among the named types of the
// tree this check sees (pkg and the tree's packages it imports) and the interfaces outside the tree
// that it names (`net.Listener`). A declaration outside the tree is recorded in outside.
func tieMethods(pkg *types.Package, info *types.Info, where func(token.Pos) (site, bool), ties map[site]map[site]bool, outside map[site]string) {
	if pkg == nil {
		return
	}
	var named []*types.Named
	seenPkg := map[*types.Package]bool{}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seenPkg[p] {
			return
		}
		seenPkg[p] = true
		if len(p.Scope().Names()) > 0 {
			if _, ok := where(p.Scope().Lookup(p.Scope().Names()[0]).Pos()); !ok {
				return
			}
		}
		for _, n := range p.Scope().Names() {
			if tn, ok := p.Scope().Lookup(n).(*types.TypeName); ok {
				if nt, ok := tn.Type().(*types.Named); ok {
					named = append(named, nt)
				}
			}
		}
		for _, q := range p.Imports() {
			visit(q)
		}
	}
	visit(pkg)
	for _, obj := range info.Uses {
		if tn, ok := obj.(*types.TypeName); ok {
			if _, in := where(tn.Pos()); !in {
				if nt, ok := tn.Type().(*types.Named); ok && types.IsInterface(nt) {
					named = append(named, nt)
				}
			}
		}
	}
	method := func(t types.Type, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
		if obj == nil {
			obj, _, _ = types.LookupFieldOrMethod(t, true, t.(*types.Named).Obj().Pkg(), name)
		}
		f, _ := obj.(*types.Func)
		return f
	}
	satisfies := func(x, y *types.Named) bool {
		yi, ok := y.Underlying().(*types.Interface)
		if !ok {
			return false
		}
		return types.Implements(x, yi) || (!types.IsInterface(x) && types.Implements(types.NewPointer(x), yi))
	}
	for _, n := range pkg.Scope().Names() {
		tn, ok := pkg.Scope().Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		start, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		var own []*types.Func
		if it, ok := start.Underlying().(*types.Interface); ok {
			for i := 0; i < it.NumExplicitMethods(); i++ {
				own = append(own, it.ExplicitMethod(i))
			}
		} else {
			for i := 0; i < start.NumMethods(); i++ {
				own = append(own, start.Method(i))
			}
		}
		for _, m := range own {
			from, ok := where(m.Pos())
			if !ok {
				continue
			}
			sig := m.Type().(*types.Signature)
			group := []*types.Named{start}
			in := map[*types.Named]bool{start: true}
			for i := 0; i < len(group); i++ {
				x := group[i]
				for _, y := range named {
					if in[y] || (!types.IsInterface(x) && !types.IsInterface(y)) {
						continue
					}
					f := method(y, m.Name())
					if f == nil || !types.Identical(f.Type().(*types.Signature), sig) && f.Type().String() != sig.String() {
						continue
					}
					if satisfies(x, y) || satisfies(y, x) {
						in[y] = true
						group = append(group, y)
					}
				}
			}
			if ties[from] == nil {
				ties[from] = map[site]bool{}
			}
			for _, t := range group {
				f := method(t, m.Name())
				if f == nil {
					continue
				}
				if at, ok := where(f.Pos()); ok {
					ties[from][at] = true
				} else if outside[from] == "" {
					outside[from] = t.Obj().Name()
					if t.Obj().Pkg() != nil {
						outside[from] = t.Obj().Pkg().Path() + "." + outside[from]
					}
				}
			}
		}
	}
}

// closeTies makes the ties one group per connected set: a check of the package declaring an
// interface does not see the types of the packages that import it (cookiejar.Jar for http.CookieJar),
// the check of those packages does, so each side knows half; a group outside the tree is outside for all.
func closeTies(ties map[site]map[site]bool, outside map[site]string) {
	parent := map[site]site{}
	var find func(s site) site
	find = func(s site) site {
		p, ok := parent[s]
		if !ok || p == s {
			parent[s] = s
			return s
		}
		r := find(p)
		parent[s] = r
		return r
	}
	for from, tos := range ties {
		for to := range tos {
			a, b := find(from), find(to)
			if a != b {
				parent[a] = b
			}
		}
	}
	members := map[site][]site{}
	for s := range parent {
		r := find(s)
		members[r] = append(members[r], s)
	}
	for _, group := range members {
		out := ""
		for _, s := range group {
			if outside[s] != "" {
				out = outside[s]
			}
		}
		for _, s := range group {
			if ties[s] == nil {
				ties[s] = map[site]bool{}
			}
			for _, t := range group {
				ties[s][t] = true
			}
			if outside[s] == "" {
				outside[s] = out
			}
		}
	}
}
