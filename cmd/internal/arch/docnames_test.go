package arch

import (
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// notGo are words of the package comments that look like Go identifiers and are not: names
// of tools, formats and products. A word added here must name no declaration.
var notGo = []string{"BigCrush", "Binomial", "ColorBrewer", "DegenerateDataWarning", "EnvRunResult",
	"GitHub", "JavaScript", "LaTeX", "McNemar", "MiB", "NaN", "SafeActBench", "TeX", "ToUnicode",
	"TrueType", "YlGnBu"}

// decls are the module's declared names: each package's top-level identifiers, and
// Type.Member for the methods and fields of its types.
type decls map[string]map[string]bool // package path → name

// readDecls parses the non-test Go files of every package of the module under root.
func readDecls(t *testing.T, root string) (decls, map[string]string) {
	t.Helper()
	d := decls{}
	docs := map[string]string{} // package path → package comment
	err := filepath.WalkDir(root, func(path string, e os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && path != root && (strings.HasPrefix(e.Name(), ".") || e.Name() == "testdata") {
			return filepath.SkipDir
		}
		if e.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		if d[rel] == nil {
			d[rel] = map[string]bool{}
		}
		names := d[rel]
		if f.Doc != nil {
			docs[rel] += f.Doc.Text()
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				if decl.Recv == nil {
					names[decl.Name.Name] = true
					continue
				}
				typ := decl.Recv.List[0].Type
				if s, ok := typ.(*ast.StarExpr); ok {
					typ = s.X
				}
				if g, ok := typ.(*ast.IndexExpr); ok {
					typ = g.X
				}
				if id, ok := typ.(*ast.Ident); ok {
					names[id.Name+"."+decl.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range decl.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					case *ast.TypeSpec:
						names[s.Name.Name] = true
						var fields *ast.FieldList
						switch typ := s.Type.(type) {
						case *ast.StructType:
							fields = typ.Fields
						case *ast.InterfaceType:
							fields = typ.Methods
						}
						if fields == nil {
							continue
						}
						for _, fl := range fields.List {
							for _, n := range fl.Names {
								names[s.Name.Name+"."+n.Name] = true
							}
							if len(fl.Names) == 0 { // embedded: its name is the type's
								typ := fl.Type
								if st, ok := typ.(*ast.StarExpr); ok {
									typ = st.X
								}
								if sel, ok := typ.(*ast.SelectorExpr); ok {
									names[s.Name.Name+"."+sel.Sel.Name] = true
								} else if id, ok := typ.(*ast.Ident); ok {
									names[s.Name.Name+"."+id.Name] = true
								}
							}
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return d, docs
}

var (
	// qualifiedName is pkg.Name or pkg.Type.Member, the package by its path in the module
	// (ingest/casespec) or its last element (casespec).
	qualifiedName = regexp.MustCompile(`\b((?:[a-z]+/)*[a-z]+)\.([A-Z]\w*)(?:\.([A-Z]\w*))?`)
	// goLikeName is a word that can only be an identifier: Type.Member, an inner capital
	// (LineOf), or a capitalised word called (Open(…)).
	goLikeName = regexp.MustCompile(`(?:^|[^\w./])(?:([A-Z]\w*)\.([A-Z]\w*)|([A-Z][a-z0-9]+[A-Z]\w*)|([A-Z]\w{2,})\()`)
)

// undeclared lists the names in one package comment that no package of the module declares:
// a qualified name must be declared by the package it names, an unqualified one by the
// package itself or any other of the module.
func undeclared(d decls, pkg, doc string) []string {
	var out []string
	inPkg := func(p, name, member string) bool {
		names := d[p]
		if member != "" {
			return names[name+"."+member]
		}
		return names[name]
	}
	anyPkg := func(name, member string) bool {
		for p := range d {
			if inPkg(p, name, member) {
				return true
			}
		}
		return false
	}
	for _, m := range qualifiedName.FindAllStringSubmatch(doc, -1) {
		var found, known bool
		for p := range d {
			if p == m[1] || strings.HasSuffix(p, "/"+m[1]) {
				known = true
				found = found || inPkg(p, m[2], m[3])
			}
		}
		if known && !found {
			out = append(out, strings.TrimSuffix(m[0], "."))
		}
	}
	member := func(name string) bool { // a field or method of some type
		for _, names := range d {
			for n := range names {
				if strings.HasSuffix(n, "."+name) {
					return true
				}
			}
		}
		return false
	}
	for _, m := range goLikeName.FindAllStringSubmatch(doc, -1) {
		switch name := m[3] + m[4]; {
		case m[1] != "":
			if !slices.Contains(notGo, m[1]) && !inPkg(pkg, m[1], m[2]) && !anyPkg(m[1], m[2]) {
				out = append(out, m[1]+"."+m[2])
			}
		case !slices.Contains(notGo, name) && !inPkg(pkg, name, "") && !anyPkg(name, "") && !member(name):
			out = append(out, name)
		}
	}
	return out
}

// TestPackageCommentsNameDeclaredIdentifiers: `go doc PKG` says what the package holds, so
// a name its comment gives must exist. (ingest's comment listed LineOf among its exports
// after SyntaxAt had replaced it.)
func TestPackageCommentsNameDeclaredIdentifiers(t *testing.T) {
	d, docs := readDecls(t, filepath.Join("..", "..", ".."))
	if len(docs) < 20 {
		t.Fatalf("read %d package comments, want every package's", len(docs))
	}
	for _, p := range slices.Sorted(maps.Keys(docs)) {
		for _, n := range undeclared(d, p, docs[p]) {
			t.Errorf("the package comment of %s names %s, which the module does not declare", p, n)
		}
	}
}

// TestUndeclaredFindsStaleNames: the check flags a removed function, a missing method and a
// qualified name of another package, and passes what exists.
func TestUndeclaredFindsStaleNames(t *testing.T) {
	d := decls{
		"ingest":          {"SyntaxAt": true, "Reader": true, "Reader.Next": true},
		"ingest/casespec": {"LoadBench": true},
	}
	got := undeclared(d, "ingest", "exports SyntaxAt, LineOf and Reader.Next, Reader.Skip; "+
		"see casespec.LoadBench and casespec.Load, Open(path), SafeActBench's NaN.")
	want := []string{"casespec.Load", "LineOf", "Reader.Skip", "Open"}
	if !slices.Equal(got, want) {
		t.Errorf("undeclared = %q, want %q", got, want)
	}
}
