package results

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/sabench/sabench-stats/ingest"
)

// ToolOf names the program from its build info: the main module's version ("(devel)"
// for a build from a working tree) and the vcs.revision and vcs.modified settings that
// `go build` stamps in a VCS checkout (go run and go test do not).
func ToolOf(name string, bi *debug.BuildInfo, ok bool) Tool {
	t := Tool{Name: name, Version: "(devel)"}
	if !ok || bi == nil {
		return t
	}
	if bi.Main.Version != "" {
		t.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			t.Revision = s.Value
		case "vcs.modified":
			t.Modified = s.Value == "true"
		}
	}
	return t
}

// Line is what `version` and `--version` print.
func (t Tool) Line() string {
	return fmt.Sprintf("%s %s, revision %s\n", t.Name, t.Version, t.revisionText())
}

// Build names the build in a verdict dataset's manifest, where shards of one dataset must
// agree on it: the name, the version and, when the build was stamped, the revision (every
// build from a checkout has the version "(devel)", so the version alone let shards scored
// by two oracles be read as one dataset). A build without stamping (go run) is named
// without a revision, as every manifest was before this.
func (t Tool) Build() string {
	s := t.Name + " " + t.Version
	if t.Revision != "" {
		s += " revision " + t.revisionText()
	}
	return s
}

// revisionText is the revision as `version` and the report's provenance both word it.
func (t Tool) revisionText() string {
	switch {
	case t.Revision == "":
		return "unknown (built without VCS stamping, e.g. go run)"
	case t.Modified:
		return t.Revision + " (modified working tree)"
	}
	return t.Revision
}

// HashFile is a file's size and SHA-256.
func HashFile(p string) (InputFile, error) {
	f, err := os.Open(p)
	if err != nil {
		return InputFile{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return InputFile{}, fmt.Errorf("%s: %w", p, err)
	}
	fh := ingest.FileHash{Bytes: n}
	h.Sum(fh.SHA256[:0])
	return inputFile(p, fh), nil
}

// inputFile is the provenance record of a file of fh's size and hash.
func inputFile(p string, fh ingest.FileHash) InputFile {
	return InputFile{Path: p, Bytes: fh.Bytes, SHA256: hex.EncodeToString(fh.SHA256[:])}
}
