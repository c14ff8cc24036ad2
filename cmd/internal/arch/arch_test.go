package arch

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/architecture.md")

const module = "github.com/sabench/sabench-stats"

// A stage is one step of the data flow. A package may import any package of an earlier
// stage, and none of a later one. Inside a stage, free allows any import (Go forbids
// cycles); otherwise an import must be listed in within, or be allowed by open: a package
// of the stage that is not listed in closed may import the packages listed in open.
type stage struct {
	name     string
	packages []string // the packages, or prefixes ending in "/..." (the prefix itself included)
	free     bool
	within   [][2]string // allowed imports inside the stage: from, to
	closed   []string    // packages of the stage that may import only what within lists
	open     []string    // what the stage's other packages may import inside it
	why      string
}

// stages is the data flow: ingest → oracle → analysis (+ bootstrap) → figures and the
// tables → the job → the command. A package that is in no stage fails the test, so a new
// package outside ingest/, results/ and cmd/ gets its place here, deliberately.
var stages = []stage{
	{name: "ingest", why: "reads case specifications (ingest/casespec) and episodes (ingest, its readers and runner adapters); knows nothing of scoring",
		packages: []string{"ingest/..."}, free: true},
	{name: "oracle", why: "scores one episode under a policy (oracle/paged: the append-only array its interning tables, and analysis's, keep values in)",
		packages: []string{"oracle", "oracle/paged"}, within: [][2]string{{"oracle", "oracle/paged"}}},
	{name: "analysis + bootstrap", why: "typed metrics over verdicts, with the statistics engine; presents nothing (bootstrap/workers: the worker pool the stages after it share)",
		packages: []string{"bootstrap", "analysis", "bootstrap/workers"},
		within:   [][2]string{{"analysis", "bootstrap"}},
		closed:   []string{"bootstrap", "analysis"}},
	{name: "figures and tables", why: "figures and tables side by side (figures imports nothing under results/, the table builders no renderer), their renderers, the verdict dataset, the viewer",
		packages: []string{"figures", "results/..."},
		within:   [][2]string{{"results", "results/num"}},
		// figures, the table builders and the three utilities are closed; a renderer or
		// writer under results/ may import them and the table renderers.
		closed: []string{"figures", "results", "results/fsx", "results/num", "results/pqrows"},
		open:   []string{"figures", "results", "results/fsx", "results/num", "results/pqrows", "results/render"}},
	{name: "job", why: "the commands' work as Go calls: orchestrates tables and figures and writes files", packages: []string{"results/job"}},
	{name: "cmd", why: "parses flags and calls the libraries", packages: []string{"cmd/..."}, free: true},
}

// pkg is one package of the module as go list reports it, with the module prefix dropped.
type pkg struct {
	path    string
	doc     string
	imports []string // the module's packages it imports (not its tests)
	deps    []string // the module's packages it depends on, directly or not
}

// listPackages runs go list in the module root.
func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{.Doc}}\t{{join .Imports \" \"}}\t{{join .Deps \" \"}}", "./...")
	cmd.Dir = filepath.Join("..", "..", "..")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	local := func(l string) []string {
		var out []string
		for _, p := range strings.Fields(l) {
			if rel, ok := strings.CutPrefix(p, module+"/"); ok {
				out = append(out, rel)
			}
		}
		return out
	}
	var pkgs []pkg
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("go list line %q", line)
		}
		path := strings.TrimPrefix(f[0], module+"/")
		if path == "cmd/internal/arch" {
			continue
		}
		pkgs = append(pkgs, pkg{path: path, doc: f[1], imports: local(f[2]), deps: local(f[3])})
	}
	return pkgs
}

// stageOf returns the index of the stage that holds path, or -1. An exact name wins over
// a prefix (results/job is its own stage, under results/...).
func stageOf(path string) int {
	for i, s := range stages {
		if slices.Contains(s.packages, path) {
			return i
		}
	}
	for i, s := range stages {
		for _, p := range s.packages {
			if prefix, ok := strings.CutSuffix(p, "/..."); ok && (path == prefix || strings.HasPrefix(path, prefix+"/")) {
				return i
			}
		}
	}
	return -1
}

// allowedWithin reports whether from may import to, both in stage s.
func allowedWithin(s *stage, from, to string) bool {
	if s.free || slices.Contains(s.within, [2]string{from, to}) {
		return true
	}
	return !slices.Contains(s.closed, from) && slices.Contains(s.open, to)
}

// violations lists the imports of pkgs against the rules, one sentence each.
func violations(pkgs []pkg) []string {
	var out []string
	for _, p := range pkgs {
		from := stageOf(p.path)
		if from < 0 {
			out = append(out, fmt.Sprintf("%s is in no stage: give it its place in cmd/internal/arch's stages", p.path))
			continue
		}
		for _, imp := range p.imports {
			to := stageOf(imp)
			switch {
			case to < 0:
				out = append(out, fmt.Sprintf("%s imports %s, which is in no stage", p.path, imp))
			case to > from:
				out = append(out, fmt.Sprintf("%s (%s) imports %s (%s): against the flow %s", p.path, stages[from].name, imp, stages[to].name, flow()))
			case to == from && !allowedWithin(&stages[from], p.path, imp):
				out = append(out, fmt.Sprintf("%s imports %s within stage %s: not an allowed arrow (list it in cmd/internal/arch's stages if it belongs)", p.path, imp, stages[from].name))
			}
		}
		// The two rules the review asked for hold for indirect imports too.
		for _, d := range p.deps {
			if p.path == "figures" && strings.HasPrefix(d, "results") {
				out = append(out, fmt.Sprintf("figures depends on %s: figures imports nothing under results/", d))
			}
			if p.path == "analysis" && stageOf(d) > stageOf("analysis") {
				out = append(out, fmt.Sprintf("analysis depends on %s: analysis imports no renderer", d))
			}
		}
	}
	return out
}

func flow() string {
	names := make([]string, len(stages))
	for i, s := range stages {
		names[i] = s.name
	}
	return strings.Join(names, " → ")
}

// TestImportsFollowTheFlow fails on any import against the stages, and keeps
// docs/architecture.md equal to what the graph generates.
func TestImportsFollowTheFlow(t *testing.T) {
	pkgs := listPackages(t)
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
	listed := map[string]bool{}
	for _, p := range pkgs {
		listed[p.path] = true
	}
	for _, s := range stages {
		for _, p := range s.packages {
			if !strings.HasSuffix(p, "/...") && !listed[p] {
				t.Errorf("stage %s lists %s, which go list does not report", s.name, p)
			}
		}
	}
	got := render(pkgs)
	path := filepath.Join("..", "..", "..", "docs", "architecture.md")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("docs/architecture.md is out of date with the import graph: go test ./cmd/internal/arch -update rewrites it (review the diff)")
	}
}

// An arrow against the rules fails the test: the checker on graphs with one bad import each.
func TestViolationsFound(t *testing.T) {
	ok := []pkg{
		{path: "oracle", imports: []string{"ingest", "ingest/jsonv"}},
		{path: "figures", imports: []string{"analysis"}, deps: []string{"analysis", "bootstrap", "oracle", "ingest"}},
		{path: "results/job", imports: []string{"figures", "results", "results/render"}},
		{path: "results/newwriter", imports: []string{"figures", "results", "results/render", "results/fsx", "analysis"}},
		{path: "ingest/newreader", imports: []string{"ingest", "ingest/jsonv", "ingest/harness", "ingest/casespec"}},
		{path: "cmd/internal/newtool", imports: []string{"bootstrap"}},
	}
	if v := violations(ok); len(v) != 0 {
		t.Fatalf("allowed graph reported: %v", v)
	}
	for _, tc := range []struct {
		p    pkg
		want string
	}{
		{pkg{path: "figures", imports: []string{"results"}}, "figures imports results within stage figures and tables"},
		{pkg{path: "figures", imports: []string{"results/fsx"}, deps: []string{"results/fsx"}}, "figures depends on results/fsx: figures imports nothing under results/"},
		{pkg{path: "figures", imports: []string{"analysis"}, deps: []string{"analysis", "results/num"}}, "figures depends on results/num"},
		{pkg{path: "results", imports: []string{"results/job"}}, "results (figures and tables) imports results/job (job): against the flow"},
		{pkg{path: "results", imports: []string{"results/render"}}, "results imports results/render within stage figures and tables"},
		{pkg{path: "analysis", imports: []string{"results"}, deps: []string{"results"}}, "analysis (analysis + bootstrap) imports results (figures and tables)"},
		{pkg{path: "analysis", imports: []string{"oracle"}, deps: []string{"oracle", "results/num"}}, "analysis depends on results/num: analysis imports no renderer"},
		{pkg{path: "oracle", imports: []string{"analysis"}}, "oracle (oracle) imports analysis (analysis + bootstrap)"},
		{pkg{path: "ingest", imports: []string{"oracle"}}, "ingest (ingest) imports oracle (oracle)"},
		{pkg{path: "results/job", imports: []string{"cmd/internal/cli"}}, "results/job (job) imports cmd/internal/cli (cmd)"},
		{pkg{path: "results/view", imports: []string{"results/verdicts"}}, "results/view imports results/verdicts within stage figures and tables"},
		{pkg{path: "results/fsx", imports: []string{"results/num"}}, "results/fsx imports results/num within stage figures and tables"},
		{pkg{path: "results/newwriter", imports: []string{"results/job"}}, "results/newwriter (figures and tables) imports results/job (job)"},
		{pkg{path: "ingest/newreader", imports: []string{"oracle"}}, "ingest/newreader (ingest) imports oracle (oracle)"},
		{pkg{path: "newpkg"}, "newpkg is in no stage"},
	} {
		v := violations([]pkg{tc.p})
		if len(v) == 0 || !strings.Contains(strings.Join(v, "\n"), tc.want) {
			t.Errorf("%s importing %v: got %q, want a violation containing %q", tc.p.path, tc.p.imports, v, tc.want)
		}
	}
}

// render writes docs/architecture.md: the rules, the stages with their packages, and the
// import graph (Mermaid, which GitHub draws, and the same arrows as a list).
func render(pkgs []pkg) []byte {
	byPath := map[string]pkg{}
	for _, p := range pkgs {
		byPath[p.path] = p
	}
	var b bytes.Buffer
	b.WriteString("# Architecture\n\n")
	b.WriteString("Generated from `go list ./...` by `go test ./cmd/internal/arch` (`-update` rewrites this file); the\n")
	b.WriteString("test fails when an import breaks the rules below or when this file differs from the graph.\n\n")
	b.WriteString("## Rules\n\n")
	fmt.Fprintf(&b, "Data flows %s. Each package belongs to one stage. A package may import any\n", flow())
	b.WriteString("package of an earlier stage, an import inside its stage only as that stage's rule below says,\n")
	b.WriteString("and never a package of a later stage. Two rules hold\n")
	b.WriteString("for indirect imports as well: `figures` depends on nothing under `results/` (it renders\n")
	b.WriteString("pictures to bytes from analysis results; `results/job` writes them beside the tables), and\n")
	b.WriteString("`analysis` depends on nothing of the figures-and-tables stage (it presents nothing). Test imports\n")
	b.WriteString("are not part of the graph.\n\n")
	b.WriteString("## Stages\n\n")
	for i, s := range stages {
		fmt.Fprintf(&b, "%d. **%s** (`%s`): %s.\n", i+1, s.name, strings.Join(s.packages, "`, `"), s.why)
		for _, p := range members(pkgs, i) {
			fmt.Fprintf(&b, "   - `%s`: %s\n", p, firstSentence(byPath[p].doc))
		}
		switch {
		case s.free:
			b.WriteString("   - within the stage: any import (Go forbids cycles)\n")
		default:
			var rules []string
			for _, w := range s.within {
				rules = append(rules, "`"+w[0]+"` → `"+w[1]+"`")
			}
			if len(s.open) > 0 {
				rules = append(rules, "any other package of the stage → `"+strings.Join(s.open, "`, `")+"`")
			}
			if len(s.closed) > 0 {
				rules = append(rules, "nothing else from `"+strings.Join(s.closed, "`, `")+"`")
			}
			if len(rules) > 0 {
				fmt.Fprintf(&b, "   - within the stage: %s\n", strings.Join(rules, "; "))
			}
		}
	}
	b.WriteString("\n## Import graph\n\n")
	b.WriteString("```mermaid\nflowchart LR\n")
	for i, s := range stages {
		fmt.Fprintf(&b, "  subgraph s%d [%s]\n", i, s.name)
		for _, p := range members(pkgs, i) {
			fmt.Fprintf(&b, "    %s[\"%s\"]\n", nodeID(p), p)
		}
		b.WriteString("  end\n")
	}
	for i := range stages {
		for _, p := range members(pkgs, i) {
			for _, imp := range byPath[p].imports {
				fmt.Fprintf(&b, "  %s --> %s\n", nodeID(p), nodeID(imp))
			}
		}
	}
	b.WriteString("```\n\n")
	b.WriteString("The same arrows (package: the module's packages it imports):\n\n")
	for i := range stages {
		for _, p := range members(pkgs, i) {
			imps := byPath[p].imports
			if len(imps) == 0 {
				fmt.Fprintf(&b, "- `%s`: none\n", p)
				continue
			}
			fmt.Fprintf(&b, "- `%s`: `%s`\n", p, strings.Join(imps, "`, `"))
		}
	}
	return b.Bytes()
}

// members lists the packages of stage i, in go list's order.
func members(pkgs []pkg, i int) []string {
	var out []string
	for _, p := range pkgs {
		if stageOf(p.path) == i {
			out = append(out, p.path)
		}
	}
	return out
}

func nodeID(p string) string { return strings.NewReplacer("/", "_", "-", "_").Replace(p) }

// firstSentence is a package comment's first sentence (go list's Doc is its first line
// already; a colon ending it is kept as a period).
func firstSentence(doc string) string {
	doc = strings.TrimSpace(doc)
	if doc == "" {
		return "(no package comment)"
	}
	if strings.HasSuffix(doc, ":") {
		doc = strings.TrimSuffix(doc, ":") + "."
	}
	return doc
}
