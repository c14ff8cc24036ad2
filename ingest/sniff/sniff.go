// Package sniff tells what a file or folder is from its first bytes or its entries, so
// that a reader given a file of a neighbouring format (another benchmark's results, the
// toolkit's own outputs, a compressed or empty file) refuses it by saying what it looks
// like and where it goes, rather than by the first field its own format lacks.
//
// The rules are in docs/foreign-inputs.md. It reads at most a bounded prefix of a file;
// a kind it does not know is the zero Kind, and the caller keeps its own message.
package sniff

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"strings"

	"github.com/sabench/sabench-stats/ingest/textcut"
)

// Kind is what a file looks like.
type Kind struct {
	ID   string // a short name, stable for tests ("inspect-log", "tau2-bench", …)
	What string // a noun phrase: "τ²-bench results (an object with simulations[])"
	Use  string // where it goes instead, or how to make it usable; "" when nowhere here
}

// Known reports whether the file's kind was recognised.
func (k Kind) Known() bool { return k.ID != "" }

// Refusal is the message for a file of this kind given where expected was wanted:
// "looks like WHAT, not EXPECTED: USE".
func (k Kind) Refusal(expected string) string {
	msg := "looks like " + k.What + ", not " + expected
	if k.Use != "" {
		msg += ": " + k.Use
	}
	return msg
}

// The kinds whose ID callers compare against.
const (
	IDEpisodes   = "episodes"
	IDInspectLog = "inspect-log"
	IDGzip       = "gzip"
	IDZstd       = "zstd"
	IDParquet    = "parquet"
	IDUTF16      = "utf16"
	IDEmpty      = "empty"
	IDZipDamaged = "zip-damaged"
	IDTau        = "tau-bench"
	IDTau2       = "tau2-bench"
)

// headSize is how much of a file is read to tell a line-based kind; a JSON document is
// read further, up to docLimit, to reach its first keys.
const (
	headSize = 64 << 10
	docLimit = 64 << 20
)

// File tells what the file at path looks like. An unreadable file, or one of no kind it
// knows, is the zero Kind.
func File(path string) Kind {
	f, err := os.Open(path)
	if err != nil {
		return Kind{}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return Kind{}
	}
	return ReaderAt(f, st.Size())
}

// ReaderAt tells what the size bytes of r look like, as File does.
func ReaderAt(r io.ReaderAt, size int64) Kind {
	if size == 0 {
		return Kind{ID: IDEmpty, What: "an empty file (0 bytes)", Use: "an interrupted write or copy? give the file again once it is complete"}
	}
	head := make([]byte, min(size, headSize))
	n, _ := r.ReadAt(head, 0)
	head = head[:n]
	if k := magic(head); k.Known() {
		if k.ID == "zip" {
			return zipKind(r, size)
		}
		return k
	}
	return text(bufio.NewReaderSize(io.NewSectionReader(r, 0, min(size, docLimit)), headSize), head)
}

// magic recognises binary formats by their first bytes.
func magic(b []byte) Kind {
	switch {
	case bytes.HasPrefix(b, []byte{0x1f, 0x8b}):
		return Kind{ID: IDGzip, What: "gzip-compressed data", Use: "decompress it first (gunzip -c FILE > OUT)"}
	case bytes.HasPrefix(b, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return Kind{ID: IDZstd, What: "zstd-compressed data", Use: "decompress it first (zstd -d FILE -o OUT)"}
	case bytes.HasPrefix(b, []byte("BZh")) && len(b) > 3 && b[3] >= '1' && b[3] <= '9':
		return Kind{ID: "bzip2", What: "bzip2-compressed data", Use: "decompress it first (bunzip2 -k FILE); --runs reads gzip and zstd episode files, not bzip2"}
	case bytes.HasPrefix(b, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		return Kind{ID: "xz", What: "xz-compressed data", Use: "decompress it first (unxz -k FILE); --runs reads gzip and zstd episode files, not xz"}
	case bytes.HasPrefix(b, []byte("PAR1")):
		return Kind{ID: IDParquet, What: "a Parquet file (episodes as convert writes them, verdicts as score writes them, or sample rows as samples writes them)", Use: "episode Parquet files go to --runs; a verdict dataset directory to --verdicts"}
	case bytes.HasPrefix(b, []byte("PK\x03\x04")) || bytes.HasPrefix(b, []byte("PK\x05\x06")):
		return Kind{ID: "zip"}
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}) || bytes.HasPrefix(b, []byte{0xfe, 0xff}) || bytes.HasPrefix(b, []byte{'{', 0}) || bytes.HasPrefix(b, []byte{0, '{'}):
		return Kind{ID: IDUTF16, What: "UTF-16 text (as Windows PowerShell's > writes it)", Use: "save the file as UTF-8"}
	}
	return Kind{}
}

// zipKind tells an Inspect .eval log (a ZIP with header.json, or _journal/start.json
// while it is written) from another ZIP archive.
func zipKind(r io.ReaderAt, size int64) Kind {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return Kind{ID: IDZipDamaged, What: "a damaged or cut-short ZIP archive (an Inspect .eval log?)", Use: "Inspect logs go to --inspect"}
	}
	var names []string
	for _, m := range zr.File {
		if m.Name == "header.json" || m.Name == "_journal/start.json" || strings.HasPrefix(m.Name, "samples/") || strings.HasPrefix(m.Name, "_journal/") {
			// Members only an Inspect log has: one without its header is a damaged log,
			// which its reader names better.
			return Kind{ID: IDInspectLog, What: "an Inspect .eval log", Use: "Inspect logs go to --inspect"}
		}
		if len(names) < 3 {
			names = append(names, m.Name)
		}
	}
	what := "a ZIP archive that is not an Inspect .eval log (no header.json"
	if len(names) > 0 {
		what += "; it holds " + strings.Join(names, ", ")
		if len(zr.File) > len(names) {
			what += ", …"
		}
	}
	return Kind{ID: "zip", What: what + ")"}
}

// text tells the kinds written as text: a JSON document or JSON Lines, CSV.
func text(r *bufio.Reader, head []byte) Kind {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	t := bytes.TrimLeft(head, " \t\r\n")
	if len(t) == 0 {
		return Kind{ID: "blank", What: "a file of white space only"}
	}
	if t[0] == '{' || t[0] == '[' {
		// A first line that is a whole JSON value makes the file JSON Lines (of one
		// record, maybe); else it is a document over several lines.
		if line, _, ok := bytes.Cut(t, []byte("\n")); ok || len(head) < headSize {
			if json.Valid(line) {
				return lineValue(line)
			}
		}
		return jsonKind(r)
	}
	line, _, _ := bytes.Cut(t, []byte("\n"))
	return csvKind(string(bytes.TrimSuffix(line, []byte("\r"))))
}

// csvKind tells a CSV file by its header line.
func csvKind(header string) Kind {
	if !strings.Contains(header, ",") {
		return Kind{}
	}
	cols := map[string]bool{}
	for _, c := range strings.Split(header, ",") {
		quoted := strings.HasPrefix(c, `"`)
		if quoted {
			if len(c) < 2 || !strings.HasSuffix(c, `"`) {
				return Kind{} // "schema":"…": a JSON line cut short at its start
			}
			c = c[1 : len(c)-1]
		}
		if c == "" || len(c) > 64 || !quoted && strings.ContainsAny(c, " \t") || strings.ContainsAny(c, `"{}[]`) {
			return Kind{} // prose with commas, or JSON, not a header of column names
		}
		cols[c] = true
	}
	switch {
	case cols["run_id"] && cols["ecs"]:
		return Kind{ID: "verdicts-csv", What: "a CSV of verdicts (written by score)", Use: verdictUse}
	case cols["log"] && cols["sample_id"] && cols["scorer"]:
		return Kind{ID: "samples-csv", What: "a CSV of Inspect sample rows (written by samples)", Use: samplesUse}
	case cols["ci_level"] && cols["ci_method"]:
		return Kind{ID: "table-csv", What: "a table as CSV (written by tables or report)", Use: "tables are outputs; give the episodes they were computed from"}
	case cols["case_id"] && cols["config"]:
		return Kind{ID: "csv", What: "a CSV file (header: " + clip(header) + ")", Use: "episodes are JSONL or Parquet (convert writes Parquet from JSONL)"}
	}
	return Kind{ID: "csv", What: "a CSV file (header: " + clip(header) + ")"}
}

const (
	verdictUse = "verdicts are score's output; give the episodes they were scored from, or a verdict dataset directory (score --format parquet --out DIR) to --verdicts"
	samplesUse = "sample rows are samples' output; give the Inspect logs they were read from to --inspect"
	tauUse     = "τ-bench and τ²-bench results go through ingest --tau, which writes their episodes"
	benchUse   = "case specs and schemas are the bench: give the checkout or case folder to --bench"
)

// clip is s cut to 80 bytes, with "…" when it was longer.
func clip(s string) string {
	if len(s) > 80 {
		return textcut.Prefix(s, 80) + "…"
	}
	return s
}
