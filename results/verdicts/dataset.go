package verdicts

import (
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/sniff"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results/fsx"
	"github.com/sabench/sabench-stats/results/pqrows"
	"github.com/zeebo/xxh3"
)

// The verdict dataset is the hand-off to other engines and between machines: a
// Hive-partitioned directory config=<config>/part-NNNN.parquet (the value escaped as a
// URL path segment, so "m/h" is config=m%2Fh, and its capitals: DatasetPartition) that
// DuckDB, Spark and Trino read as one
// table. Its files hold the verdict columns without config (the partition carries it)
// plus policy_index (the policy's position in the scoring's list) and seq (the episode's
// index in the whole input), so that shards written by several machines merge back into
// the order of one process.

// datasetColumns are the columns of a dataset file.
var datasetColumns = func() []Column {
	var out []Column
	for _, c := range Columns {
		if c.Name != "config" {
			out = append(out, c)
		}
	}
	out = append(out,
		// The interventions table reads which information tools came before the first
		// attempt; score's other formats leave the bits out (they are case-relative).
		Column{"tools_before_attempt", KindInt, "bit i: the case's i-th information tool was called before the first consequential attempt", func(v Row) any { return int64(v.ToolsBeforeAttempt()) }},
		Column{"policy_index", KindInt, "the policy's position in the scoring's policy list", func(v Row) any { return int64(v.PolicyIndex) }},
		Column{"seq", KindInt, "the episode's index in the scored input (shards merge in this order)", func(v Row) any { return v.Seq }})
	// The cost table reads the usage; null where the episode did not report the field.
	for _, uc := range usageColumns {
		out = append(out, Column{uc.name, KindFloat, "the episode's reported " + strings.TrimPrefix(uc.name, "usage_") + "; null when not reported", func(v Row) any {
			if u := v.Usage(); u.Has(uc.bit) {
				return *uc.dst(&u)
			}
			return nil
		}})
	}
	return out
}()

// usageColumns name the dataset's usage columns and their oracle.Usage bits.
var usageColumns = []struct {
	name string
	bit  uint8
	dst  func(u *oracle.Usage) *float64
}{{"usage_cost_usd", oracle.UsageCost, func(u *oracle.Usage) *float64 { return &u.CostUSD }},
	{"usage_input_tokens", oracle.UsageInput, func(u *oracle.Usage) *float64 { return &u.InputTokens }},
	{"usage_output_tokens", oracle.UsageOutput, func(u *oracle.Usage) *float64 { return &u.OutputTokens }},
	{"usage_wall_seconds", oracle.UsageWall, func(u *oracle.Usage) *float64 { return &u.WallSeconds }}}

// maxPartitionName is the longest directory name the common file systems take (ext4,
// XFS, APFS, NTFS: 255 bytes or UTF-16 units).
const maxPartitionName = 255

// DatasetPartition is the directory name of one configuration's partition: the name
// escaped as a URL path segment, and further each upper-case ASCII letter, each ":" and a
// final ".", which engines decode as any other escape. Names that differ only in case
// ("GPT-4o/ReAct", "GPT-4o/react") got directories that differ only in case, one directory
// on a case-insensitive file system (macOS, Windows), where one configuration's files
// replaced or joined the other's; Windows holds no ":" in a name and drops a final ".",
// so "v1." was "v1" there. Every byte left as it is is then lower-case or caseless (other
// bytes are escaped, with upper-case hex digits), so the directory names of two distinct
// names differ in more than case.
func DatasetPartition(config string) string {
	esc := url.PathEscape(config)
	var b strings.Builder
	b.WriteString("config=")
	for i := 0; i < len(esc); i++ {
		c := esc[i]
		switch {
		case c == '%':
			b.WriteString(esc[i : i+3]) // an escape already
			i += 2
		case 'A' <= c && c <= 'Z', c == ':', c == '.' && i == len(esc)-1:
			fmt.Fprintf(&b, "%%%02X", c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// WriteDataset writes the verdicts (as for Write) into dir as part number
// part of each configuration's partition; seq maps an episode's position in vs to its
// index in the whole input (a shard's episodes are a subset). Each file is written
// atomically; the files of other parts are left alone.
func WriteDataset(dir string, part int, pols []oracle.Policy, vs [][]oracle.Verdict, seq func(i int) int64, man *Manifest) error {
	if len(vs) == 0 || len(vs[0]) == 0 {
		return nil
	}
	// Episodes by configuration, in first-appearance order (the first policy has them all).
	var configs []string
	rows := map[string][]int{}
	for i := range vs[0] {
		c := vs[0][i].Config()
		if rows[c] == nil {
			configs = append(configs, c)
		}
		rows[c] = append(rows[c], i)
	}
	for p := 1; p < len(vs); p++ {
		if len(vs[p]) != len(vs[0]) {
			return fmt.Errorf("verdict dataset: policy %s holds %d of %d episodes; score every policy on every episode", pols[p].Name, len(vs[p]), len(vs[0]))
		}
	}
	// Checked before any file is written, so that a name too long leaves no part of a
	// dataset behind (it failed at mkdir, "file name too long", after earlier partitions).
	for _, c := range configs {
		if n := len(DatasetPartition(c)); n > maxPartitionName {
			return fmt.Errorf("verdict dataset: configuration %q needs a partition directory name of %d bytes (config= and the name escaped as a URL path segment, capitals too), over the %d bytes file systems allow; nothing written: give the configuration a shorter name, or write --format jsonl or csv", c, n, maxPartitionName)
		}
	}
	for _, c := range configs {
		d := filepath.Join(dir, DatasetPartition(c))
		if err := os.MkdirAll(d, 0o777); err != nil {
			return err
		}
		path := filepath.Join(d, fmt.Sprintf("part-%04d.parquet", part))
		err := fsx.WriteFileAtomic(path, func(w io.Writer) error {
			o := pqrows.Options{}
			if man != nil {
				o.Key, o.Value = ManifestKey, man.encode()
			}
			pw, err := parquetRows(w, datasetColumns, o)
			if err != nil {
				return err
			}
			// Policy by policy, each in row groups of its own: a reader that needs some
			// policies skips the others' row groups by their policy_index statistics.
			for p := range vs {
				for _, i := range rows[c] {
					if err := pw.Add(Row{&vs[p][i], &pols[p], p, seq(i)}); err != nil {
						pw.Close()
						return err
					}
				}
				if err := pw.Flush(); err != nil {
					pw.Close()
					return err
				}
			}
			return pw.Close()
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// DatasetPolicy is a policy as the dataset names it.
type DatasetPolicy struct{ Name, Hash string }

// DatasetRead says what of a verdict dataset a command needs; the zero value is all of it.
type DatasetRead struct {
	// Policies: the first Policies policies alone (0: all); the row groups of the others
	// are skipped by their policy_index statistics, unread (WriteDataset gives each policy
	// row groups of its own).
	Policies int
	// NoRunIDs leaves the run_id column unread (its values are one string per verdict,
	// the largest column): the verdicts' RunID is "", and duplicates are checked by key
	// alone. A dataset of several shards is read with its run ids all the same, for the
	// check across shards. NoUsage leaves the usage columns unread (the verdicts report no usage).
	NoRunIDs, NoUsage bool
	// Aggregate builds the scored release with aggregates, the first policy's and the
	// baseline's included (analysis.Scored.Aggregate); Scored reads it, ReadDatasetWith
	// does not.
	Aggregate bool
}

// ReadDatasetWith reads a dataset written by WriteDataset (every part of every partition
// under dir) back into one verdict slice per policy in input order, reading only what r
// asks for (DatasetRead{} reads everything). Missing or repeated episodes (a shard not
// written, or written twice under different parts) are errors.
func ReadDatasetWith(dir string, r DatasetRead) ([]DatasetPolicy, [][]oracle.Verdict, error) {
	paths, err := DatasetFiles(dir)
	if err != nil {
		return nil, nil, err
	}
	mds, err := checkManifests(dir, paths)
	if err != nil {
		return nil, nil, err
	}
	total, shards, err := shardTotal(dir)
	if err != nil {
		return nil, nil, err
	}
	if shards > 1 {
		// Each shard checked its own run ids; one run id in two shards shows only here,
		// and one process refuses it, so the ids are read whatever the command needs.
		r.NoRunIDs = false
	}
	type row struct {
		seq int64
		v   oracle.Verdict
		id  *episodeID // the first policy's rows: the episode's identity, for the duplicate check
	}
	var pols []DatasetPolicy
	// Each policy's rows in read order, in chunks that are never copied as they grow
	// (a verdict is large); the episodes' identities come from slabs for the same reason.
	var byPol [][][]row
	var idSlab []episodeID
	cr := newColReader(largestRowGroup(mds)) // one for every file: their string columns share their few values
	for k, path := range paths {
		part := filepath.Base(filepath.Dir(path))
		config, err := url.PathUnescape(strings.TrimPrefix(part, "config="))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: partition %q: %v", path, part, err)
		}
		err = readDatasetFile(path, mds[k], r, cr, func(f oracle.Fields, pi int, pol DatasetPolicy, seq int64, rowNo int) error {
			f.Config = config
			for len(pols) <= pi {
				pols = append(pols, DatasetPolicy{})
				byPol = append(byPol, nil)
			}
			if pols[pi] == (DatasetPolicy{}) {
				pols[pi] = pol
			} else if pols[pi] != pol {
				return fmt.Errorf("policy_index %d is %s (%s) here, %s (%s) elsewhere", pi, pol.Name, pol.Hash, pols[pi].Name, pols[pi].Hash)
			}
			rw := row{seq: seq, v: f.Verdict()}
			if pi == 0 {
				if len(idSlab) == cap(idSlab) {
					idSlab = make([]episodeID, 0, rowChunk)
				}
				idSlab = append(idSlab, episodeID{key: episodeKey(&f), run: xxh3.HashString128(f.RunID), path: path, row: rowNo})
				rw.id = &idSlab[len(idSlab)-1]
			}
			cs := byPol[pi]
			if len(cs) == 0 || len(cs[len(cs)-1]) == cap(cs[len(cs)-1]) {
				cs = append(cs, make([]row, 0, rowChunk))
			}
			cs[len(cs)-1] = append(cs[len(cs)-1], rw)
			byPol[pi] = cs
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
	}
	out := make([][]oracle.Verdict, len(pols))
	for pi, cs := range byPol {
		if pols[pi] == (DatasetPolicy{}) {
			return nil, nil, fmt.Errorf("%s: no verdicts of policy_index %d", dir, pi)
		}
		// The seqs must be 0 … n-1 once each: each row goes straight to its place, and
		// the first seq not met exactly once is reported as the sorted rows would show it.
		n := 0
		for _, c := range cs {
			n += len(c)
		}
		vs := make([]oracle.Verdict, n)
		ids := make([]*episodeID, n)
		seen := make([]uint8, n)
		for _, c := range cs {
			for k := range c {
				if rw := &c[k]; rw.seq < int64(n) {
					if seen[rw.seq]++; seen[rw.seq] == 1 {
						vs[rw.seq], ids[rw.seq] = rw.v, rw.id
					} else {
						seen[rw.seq] = 2 // saturate
					}
				}
			}
		}
		byPol[pi] = nil // the chunks are copied out
		for i, k := range seen {
			if k != 1 {
				seq, what := i, "missing"
				if k > 1 {
					seq, what = i+1, "repeated" // sorted, the repeat is the next row
				}
				return nil, nil, fmt.Errorf("%s: policy %s: episode seq %d is %s (is a config=… partition or a shard missing, or a shard written twice?)", dir, pols[pi].Name, seq, what)
			}
		}
		if total >= 0 && int64(n) != total {
			return nil, nil, fmt.Errorf("%s: policy %s: the shards' manifests count %d episodes, the files hold %d (is a config=… partition or a shard's part missing?)", dir, pols[pi].Name, total, n)
		}
		if pi == 0 {
			if err := checkDuplicates(ids, !r.NoRunIDs, func(i int) *oracle.Verdict { return &vs[i] }); err != nil {
				return nil, nil, err
			}
		}
		out[pi] = vs
	}
	return pols, out, nil
}

// largestRowGroup is the number of rows of the largest row group of the files, at most
// 2^20 (a footer's count is not trusted with more memory than that before it is read).
func largestRowGroup(mds []*metadata.FileMetaData) int {
	n := int64(0)
	for _, md := range mds {
		for g := range md.NumRowGroups() {
			n = max(n, md.RowGroup(g).NumRows())
		}
	}
	return int(min(n, 1<<20))
}

// rowChunk is how many rows ReadDatasetWith keeps per chunk.
const rowChunk = 4096

// readDatasetFile calls fn for each row of one dataset file whose policy_index is below
// r.Policies (0: every row), skipping the row groups whose statistics say they hold none,
// and reading only the columns r needs, with cr; md is its footer, already read.
func readDatasetFile(path string, md *metadata.FileMetaData, r DatasetRead, cr *colReader, fn func(f oracle.Fields, pi int, pol DatasetPolicy, seq int64, rowNo int) error) (err error) {
	pf, err := file.OpenParquetFile(path, false, file.WithMetadata(md))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer pf.Close()
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: corrupt Parquet file: %v", path, p)
		}
	}()
	want := r.Policies
	groups, first := wantedGroups(pf, want)
	if len(groups) == 0 {
		return nil
	}
	skip := map[string]bool{"evaluator": true} // never read: the policy hash carries the settings
	if r.NoRunIDs {
		skip["run_id"] = true
	}
	for _, uc := range usageColumns {
		skip[uc.name] = r.NoUsage
	}
	kinds, err := columnKinds(pf)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	sc := pf.MetaData().Schema
	rows := &datasetRows{path: path, cols: make([]*colData, len(datasetColumns))}
	rowNo := first // rows before the first group read: row numbers stay the file's
	for _, g := range groups {
		rg := pf.RowGroup(g)
		n := int(rg.NumRows())
		if n == 0 {
			continue
		}
		for ci, c := range datasetColumns {
			rows.cols[ci] = nil
			leaf, kind := sc.ColumnIndexByName(c.Name), kinds[c.Name]
			if skip[c.Name] {
				continue
			}
			if leaf < 0 || kind.kind == kindNone {
				return missingColumnError(path, c.Name, kinds)
			}
			d, err := cr.read(rg, ci, leaf, kind, n)
			if err != nil {
				return fmt.Errorf("%s: column %s: %w", path, c.Name, err)
			}
			rows.cols[ci] = d
		}
		for i := range n {
			rowNo++
			f, pi, pol, seq, err := rows.row(i, rowNo)
			if err != nil {
				return err
			}
			if want > 0 && pi >= int64(want) {
				continue
			}
			if err := fn(f, int(pi), pol, seq, rowNo); err != nil {
				return fmt.Errorf("%s: row %d: %w", path, rowNo, err)
			}
		}
	}
	return nil
}

// The positions in datasetColumns of the columns a row is decoded from.
var (
	colAttempted                      = datasetColumn("attempted")
	colBaseCaseID                     = datasetColumn("base_case_id")
	colCanonicalOutcome               = datasetColumn("canonical_outcome")
	colCaseID                         = datasetColumn("case_id")
	colCondition                      = datasetColumn("condition")
	colCoverageComplete               = datasetColumn("coverage_complete")
	colCoverageCompleteAtFirstAttempt = datasetColumn("coverage_complete_at_first_attempt")
	colDomain                         = datasetColumn("domain")
	colECS                            = datasetColumn("ecs")
	colExcluded                       = datasetColumn("excluded")
	colExclusionReason                = datasetColumn("exclusion_reason")
	colExecutedCommits                = datasetColumn("executed_commits")
	colFailureType                    = datasetColumn("failure_type")
	colFirstAttemptIndex              = datasetColumn("first_attempt_index")
	colHarness                        = datasetColumn("harness")
	colMissingAtCheckpoint            = datasetColumn("missing_at_checkpoint")
	colModel                          = datasetColumn("model")
	colOfficial                       = datasetColumn("official")
	colOutcome                        = datasetColumn("outcome")
	colPolicy                         = datasetColumn("policy")
	colPolicyHash                     = datasetColumn("policy_hash")
	colPolicyIndex                    = datasetColumn("policy_index")
	colProtocol                       = datasetColumn("protocol")
	colRepeat                         = datasetColumn("repeat")
	colRunID                          = datasetColumn("run_id")
	colSeq                            = datasetColumn("seq")
	colStatic                         = datasetColumn("static")
	colStatus                         = datasetColumn("status")
	colToolsBeforeAttempt             = datasetColumn("tools_before_attempt")
	colTrustedKeys                    = datasetColumn("trusted_keys")
)

// colUsage are the positions of usageColumns' columns.
var colUsage = func() []int {
	out := make([]int, len(usageColumns))
	for k, uc := range usageColumns {
		out[k] = datasetColumn(uc.name)
	}
	return out
}()

// datasetColumn is the position of a column in datasetColumns. The names are this
// package's own: one not there is a mistake that fails every test at start-up.
func datasetColumn(name string) int {
	for i, c := range datasetColumns {
		if c.Name == name {
			return i
		}
	}
	panic("verdicts: no dataset column " + name)
}

// datasetRows decodes the rows of one row group of a dataset file; bad is the first
// column of the wrong type met on the current row.
type datasetRows struct {
	path     string
	cols     []*colData // by datasetColumns position; nil where skipped
	i, rowNo int
	bad      error
}

func (r *datasetRows) str(c int) string {
	if r.cols[c] == nil {
		return "" // skipped
	}
	s, _, ok := r.cols[c].stringAt(r.i)
	if !ok {
		r.wrongType(c, "a string")
	}
	return s
}

// wrongType records that column c is not of type what, naming the file's type, unless an
// earlier column of the row already was not.
func (r *datasetRows) wrongType(c int, what string) {
	if r.bad == nil {
		typ := ""
		if d := r.cols[c]; d != nil {
			typ = " (the file's is " + d.typ + ")"
		}
		r.bad = fmt.Errorf("%s: row %d: column %s: not %s column%s", r.path, r.rowNo, datasetColumns[c].Name, what, typ)
	}
}

func (r *datasetRows) num(c int, null int64) int64 {
	if d := r.cols[c]; d != nil && d.kind == kindInt {
		if d.null[r.i] {
			return null
		}
		return d.i64[r.i]
	}
	r.wrongType(c, "an int64")
	return 0
}

func (r *datasetRows) flag(c int) (bool, bool) {
	if d := r.cols[c]; d != nil && d.kind == kindBool {
		if d.null[r.i] {
			return false, false
		}
		return d.b[r.i], true
	}
	r.wrongType(c, "a boolean")
	return false, false
}

func (r *datasetRows) b(c int) bool { x, _ := r.flag(c); return x }

// row decodes row i (the file's row rowNo): its verdict fields, policy index, policy and
// sequence number.
func (r *datasetRows) row(i, rowNo int) (f oracle.Fields, pi int64, pol DatasetPolicy, seq int64, err error) {
	r.i, r.rowNo, r.bad = i, rowNo, nil
	str, num, b := r.str, r.num, r.b
	proto, pok := ingest.ParseProtocol(str(colProtocol))
	f = oracle.Fields{RunID: str(colRunID), Model: str(colModel), Harness: str(colHarness),
		CaseID: str(colCaseID), BaseCaseID: str(colBaseCaseID), Protocol: proto, Domain: str(colDomain),
		Repeat: int(num(colRepeat, 0)), Condition: str(colCondition), Status: str(colStatus),
		Static: b(colStatic), Excluded: b(colExcluded), ExclusionReason: str(colExclusionReason),
		ECS: b(colECS), Outcome: str(colOutcome), CanonicalOutcome: str(colCanonicalOutcome),
		FailureType: str(colFailureType), Attempted: b(colAttempted),
		FirstAttemptIndex:      int(num(colFirstAttemptIndex, -1)),
		CompleteAtFirstAttempt: b(colCoverageCompleteAtFirstAttempt), CoverageComplete: b(colCoverageComplete),
		MissingAtCheckpoint: b(colMissingAtCheckpoint), ExecutedCommits: int(num(colExecutedCommits, 0)), TrustedKeys: b(colTrustedKeys),
		ToolsBeforeAttempt: uint64(num(colToolsBeforeAttempt, 0)), Official: -1}
	// outcome "" (not null) on a scored row is the evaluator's empty outcome.
	if s, null, ok := r.cols[colOutcome].stringAt(i); ok && !f.Excluded && !null && s == "" {
		f.EmptyOutcome = true
	}
	for k, uc := range usageColumns {
		switch d := r.cols[colUsage[k]]; {
		case d == nil:
			continue // skipped
		case d.kind == kindFloat:
			if !d.null[i] {
				setUsage(&f.Usage, uc.bit, d.f64[i])
			}
		default:
			r.wrongType(colUsage[k], "a double")
		}
	}
	if o, ok := r.flag(colOfficial); ok {
		f.Official = 0
		if o {
			f.Official = 1
		}
	}
	pol = DatasetPolicy{str(colPolicy), str(colPolicyHash)}
	pi, seq = num(colPolicyIndex, -1), num(colSeq, -1)
	r.checkNulls(f.Excluded)
	switch {
	case r.bad != nil:
		return f, 0, pol, 0, r.bad
	case !pok:
		return f, 0, pol, 0, fmt.Errorf("%s: row %d: protocol: unknown protocol %q", r.path, rowNo, str(colProtocol))
	case pi < 0 || pi > 1<<10 || seq < 0:
		return f, 0, pol, 0, fmt.Errorf("%s: row %d: policy_index %d, seq %d: want small non-negative numbers", r.path, rowNo, pi, seq)
	}
	return f, pi, pol, seq, nil
}

// Columns score never leaves null, and those it leaves null only on an excluded row (or,
// exclusion_reason, only on a scored one): a null there (a file another tool rewrote)
// read as false, "" or 0 and changed the tables with no word said.
var (
	neverNull = []int{colRunID, colModel, colHarness, colCaseID, colBaseCaseID, colProtocol, colDomain, colRepeat,
		colCondition, colStatus, colStatic, colExcluded, colPolicy, colPolicyHash, colPolicyIndex, colSeq}
	nullOnlyExcluded = []int{colECS, colAttempted, colCoverageComplete, colMissingAtCheckpoint, colExecutedCommits, colTrustedKeys}
)

// checkNulls records the first column of the row that is null where score never leaves
// one (neverNull, nullOnlyExcluded; exclusion_reason on an excluded row).
func (r *datasetRows) checkNulls(excluded bool) {
	null := func(c int, when string) {
		if d := r.cols[c]; r.bad == nil && d != nil && d.null[r.i] {
			r.bad = fmt.Errorf("%s: row %d: column %s: null, which score leaves %s (was the file rewritten by another tool?)", r.path, r.rowNo, datasetColumns[c].Name, when)
		}
	}
	for _, c := range neverNull {
		null(c, "no row")
	}
	if excluded {
		null(colExclusionReason, "on a scored row only")
	} else {
		for _, c := range nullOnlyExcluded {
			null(c, "on an excluded row only")
		}
	}
}

// setUsage sets the usage field of bit to x. A switch, not usageColumns' dst: a call
// through a func value would move every row's Fields to the heap (336 bytes a row).
func setUsage(u *oracle.Usage, bit uint8, x float64) {
	switch bit {
	case oracle.UsageCost:
		u.CostUSD = x
	case oracle.UsageInput:
		u.InputTokens = x
	case oracle.UsageOutput:
		u.OutputTokens = x
	case oracle.UsageWall:
		u.WallSeconds = x
	default:
		return
	}
	u.Known |= bit
}

// IsDatasetDir reports whether an output path names a directory (an existing one, a
// path ending in a separator, or one without an extension), where a verdict dataset
// (WriteDataset) goes, rather than one file.
func IsDatasetDir(p string) bool {
	if fsx.IsDirTarget(p) {
		return true
	}
	_, err := os.Stat(p)
	return err != nil && filepath.Ext(p) == "" // a path still to be made, without an extension
}

// wantedGroups lists the row groups of a dataset file to read for the rows with
// policy_index below want: the consecutive run from the first to the last group that may
// hold one (every group when want is 0, or when a group has no statistics), so that row
// numbers in messages stay the file's; first is the rows before it. nil when none may.
func wantedGroups(pf *file.Reader, want int) (groups []int, first int) {
	md := pf.MetaData()
	col := md.Schema.ColumnIndexByName("policy_index")
	lo, hi, rows := -1, -1, 0
	for g := 0; g < pf.NumRowGroups(); g++ {
		rg := md.RowGroup(g)
		keep := true
		if want > 0 && col >= 0 {
			if cc, err := rg.ColumnChunk(col); err == nil {
				if st, err := cc.Statistics(); err == nil && st != nil && st.HasMinMax() {
					if is, ok := st.(*metadata.Int64Statistics); ok && is.Min() >= int64(want) {
						keep = false
					}
				}
			}
		}
		if keep {
			if lo < 0 {
				lo, first = g, rows
			}
			hi = g
		}
		rows += int(rg.NumRows())
	}
	for g := lo; lo >= 0 && g <= hi; g++ {
		groups = append(groups, g)
	}
	return groups, first
}

// DatasetFiles lists a dataset's files (config=*/part-*.parquet under dir), sorted; none
// is an error.
func DatasetFiles(dir string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "config=*", "part-*.parquet"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		// A verdict file (score --out v.parquet, or JSONL) is a likely mistake: say what
		// the path is rather than that a directory it is not holds nothing.
		if st, err := os.Stat(dir); err == nil && !st.IsDir() {
			return nil, fmt.Errorf("%s: a file, not a verdict dataset directory (write one with score --format parquet --out DIR: a directory of config=*/part-*.parquet files)%s", dir, sniff.Clause(dir))
		}
		return nil, fmt.Errorf("%s: no config=*/part-*.parquet files (write them with score --format parquet --out DIR)%s", dir, sniff.Clause(dir))
	}
	sort.Strings(paths)
	return paths, nil
}

// checkChunks is ingest.CheckParquetChunks of the file at path, whose footer is md.
func checkChunks(path string, md *metadata.FileMetaData) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := ingest.CheckParquetChunks(md, f, md.GetSourceFileSize()); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// openPartFooter opens a part file and reads its footer. A footer naming a logical type
// the Parquet library does not know makes it panic while building the schema: that is an
// error naming the file, as it is for an episode file.
func openPartFooter(path string) (pf *file.Reader, err error) {
	defer func() {
		if p := recover(); p != nil {
			pf, err = nil, fmt.Errorf("%s: corrupt Parquet file: %v", path, p)
		}
	}()
	pf, err = file.OpenParquetFile(path, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return pf, nil
}

// checkManifests refuses files whose manifests disagree (the shard aside), naming the
// field and two files. Every file must stay inside dir (no link out) and be a regular file
// (a named pipe would block the read forever): ingest.CheckRooted, before it is opened.
// It returns each file's footer, which the reader then need not parse again.
func checkManifests(dir string, paths []string) ([]*metadata.FileMetaData, error) {
	var first *Manifest
	firstPath := ""
	mds := make([]*metadata.FileMetaData, len(paths))
	for k, path := range paths {
		if err := ingest.CheckRooted(dir, path); err != nil {
			return nil, err
		}
		pf, err := openPartFooter(path)
		if err != nil {
			return nil, err
		}
		mds[k] = pf.MetaData()
		if err := checkChunks(path, mds[k]); err != nil {
			pf.Close()
			return nil, err
		}
		m, err := readManifest(pf)
		pf.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		switch {
		case firstPath == "":
			first, firstPath = m, path
		case (first == nil) != (m == nil):
			withOut := path
			if m != nil {
				withOut = firstPath
			}
			return nil, fmt.Errorf("%s: no manifest (%s metadata), unlike the other files of %s: shards written by different versions of score cannot be checked against each other; score them again together", withOut, ManifestKey, dir)
		case m != nil:
			if d := first.diff(m); d != "" {
				return nil, fmt.Errorf("%s and %s were scored differently: %s; read together only shards of one scoring (the same input, bench, policies, --infra-failures, --dedupe and --shard N)", firstPath, path, d)
			}
		}
	}
	return mds, nil
}
