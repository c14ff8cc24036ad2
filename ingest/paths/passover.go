package paths

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// PassOver is what a folder search of input files (--runs, --inspect) passes over by name,
// counted by reason so that the command says what it did not read: hidden entries (names
// beginning with '.': macOS's ._ copies and .DS_Store, editor swap files,
// .ipynb_checkpoints and .git folders, whose copies of the inputs would be read twice), and
// files named as an unfinished write (runs.jsonl.part) or an editor's backup (runs.jsonl~)
// of an input. A file named on the command line is read whatever its name.
type PassOver struct {
	input func(name string) bool // whether a name is one the search reads
	tally [3]Tally
}

// Tally counts the entries a note is about and keeps the first, so that the note says how
// many and which: "2 …, the first P".
type Tally struct {
	N     int
	First string // cleaned
}

// Add counts the entry at p.
func (t *Tally) Add(p string) {
	if t.N++; t.N == 1 {
		t.First = filepath.Clean(p)
	}
}

// Which names the first entry as a note does: itself alone, "the first P" among several.
func (t Tally) Which() string {
	if t.N > 1 {
		return "the first " + t.First
	}
	return t.First
}

// NewPassOver counts against input, the search's own file names.
func NewPassOver(input func(name string) bool) *PassOver { return &PassOver{input: input} }

const (
	passHidden = iota
	passUnfinished
	passBackup
)

var passReasons = [3]string{
	passHidden:     "hidden (names beginning with '.')",
	passUnfinished: "named as an unfinished write (.part, .partial, .tmp, .crdownload)",
	passBackup:     "named as a backup (~, .bak, .orig, .swp)",
}

var (
	unfinishedSuffixes = []string{".part", ".partial", ".tmp", ".crdownload"}
	backupSuffixes     = []string{"~", ".bak", ".orig", ".swp"}
)

// Skip reports whether the entry at p (not the search's root) is passed over, counting
// it when it is a folder or would otherwise be an input file. A hidden folder is
// passed over whole: the caller returns fs.SkipDir.
func (po *PassOver) Skip(p string, d fs.DirEntry) bool {
	name := d.Name()
	if strings.HasPrefix(name, ".") && name != "." && name != ".." {
		if d.IsDir() || po.input(strings.TrimLeft(name, "._")) {
			po.note(passHidden, p)
		}
		return true
	}
	if d.IsDir() {
		return false
	}
	l := strings.ToLower(name)
	for i, sufs := range [][]string{passUnfinished: unfinishedSuffixes, passBackup: backupSuffixes} {
		for _, s := range sufs {
			if strings.HasSuffix(l, s) && po.input(strings.TrimSuffix(l, s)) {
				po.note(i, p)
				return true
			}
		}
	}
	return false
}

func (po *PassOver) note(reason int, p string) { po.tally[reason].Add(p) }

// Notes says, for each reason in a fixed order, how many entries were passed over and
// the first of them: "skipped: 2 entries hidden (…), the first DIR/._runs.jsonl; name a
// file to read it whatever its name".
func (po *PassOver) Notes() []string {
	var out []string
	for i, t := range po.tally {
		if t.N == 0 {
			continue
		}
		what := "1 entry"
		if t.N > 1 {
			what = fmt.Sprintf("%d entries", t.N)
		}
		out = append(out, fmt.Sprintf("skipped: %s %s, %s; name a file to read it whatever its name", what, passReasons[i], t.Which()))
	}
	return out
}

// GlobFiles is Glob of an input pattern (--runs 'runs/*', --inspect 'logs/*.eval'): the
// files, not folders, it matches as a shell does, cleaned, and the notes of the hidden
// matches it passed over, counted as a folder search counts them (those whose name is
// otherwise input's). The error is Glob's, of a malformed pattern; no file is the
// caller's to say, with the notes.
func GlobFiles(pattern string, input func(name string) bool) (files, notes []string, err error) {
	matches, hidden, err := Glob(pattern)
	if err != nil {
		return nil, nil, err
	}
	po := NewPassOver(input)
	for _, m := range hidden {
		if po.input(strings.TrimLeft(filepath.Base(m), "._")) {
			po.note(passHidden, m)
		}
	}
	for _, m := range matches {
		if st, err := os.Stat(m); err == nil && !st.IsDir() {
			files = append(files, filepath.Clean(m))
		}
	}
	return files, po.Notes(), nil
}
