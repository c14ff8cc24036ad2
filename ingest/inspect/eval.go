package inspect

import (
	"archive/zip"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Members of an .eval archive.
const (
	memberHeader     = "header.json"
	memberStart      = "_journal/start.json"
	memberReductions = "reductions.json"
	memberSummaries  = "summaries.json"
	dirSamples       = "samples/"
	dirJournalSums   = "_journal/summaries/"
)

// evalSource streams the samples/ members of an .eval archive, or its summaries.
type evalSource struct {
	log     *Log
	files   []*zip.File // sample members, in (id, epoch) order, not yet read
	order   []*zip.File // all of them, in that order (Reader.Members)
	pre     *prefetch   // decodes files ahead on several goroutines; nil: one at a time
	pending []*Sample   // summaries, when there are no sample members
	closer  io.Closer
	win     *windowReader            // the archive, read through windows
	seen    map[sampleKey]seenSample // for duplicates
	mr      memberReader             // reads the members when there is no prefetch
}

type sampleMember struct {
	f     *zip.File
	id    SampleID
	epoch int
}

func openEval(log *Log, r io.ReaderAt, size int64, closer io.Closer, opt ReadOptions) (source, error) {
	win := newWindowReader(r)
	r = win
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, &Error{File: log.File, Err: fmt.Errorf("damaged or truncated .eval archive: %w", err)}
	}
	if n := bytesBefore(r, size); n > 0 {
		return nil, &Error{File: log.File, Err: fmt.Errorf("damaged .eval archive: %d bytes before the archive its directory describes (two logs in one file?)", n)}
	}
	// klauspost's inflater reads the same streams as the standard library's, faster;
	// a pool of them (newInflater) spares a new one per member.
	zr.RegisterDecompressor(zip.Deflate, newInflater)
	// The members read by name (the last of a name, as archive/zip's Open would).
	var header, start, reductions, summaries *zip.File
	samples := make([]sampleMember, 0, len(zr.File))
	var journalSums []*zip.File
	for _, f := range zr.File {
		switch f.Name {
		case memberHeader:
			header = f
		case memberStart:
			start = f
		case memberReductions:
			reductions = f
		case memberSummaries:
			summaries = f
		}
		switch {
		case strings.HasPrefix(f.Name, dirSamples) && strings.HasSuffix(f.Name, ".json"):
			base := strings.TrimSuffix(strings.TrimPrefix(f.Name, dirSamples), ".json")
			i := strings.LastIndex(base, "_epoch_")
			if i < 0 {
				return nil, errorf(log.File, f.Name, "", "sample member name is not samples/<id>_epoch_<n>.json")
			}
			ep, err := strconv.Atoi(base[i+len("_epoch_"):])
			if err != nil || ep < 1 {
				return nil, errorf(log.File, f.Name, "", "sample member name has no epoch number")
			}
			samples = append(samples, sampleMember{f: f, id: idFromName(base[:i]), epoch: ep})
		case strings.HasPrefix(f.Name, dirJournalSums) && strings.HasSuffix(f.Name, ".json"):
			journalSums = append(journalSums, f)
		}
	}
	if f := header; f != nil {
		if err := readJSONMember(log.File, f, &log.Header); err != nil {
			return nil, err
		}
	} else if f := start; f != nil {
		if err := readJSONMember(log.File, f, &log.Header); err != nil {
			return nil, err
		}
		log.Status = "started"
	} else {
		return nil, errorf(log.File, "", "", "no %s (nor %s): not an Inspect .eval log", memberHeader, memberStart)
	}
	if f := reductions; f != nil {
		if err := readJSONMember(log.File, f, &log.Reductions); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(samples, func(a, b sampleMember) int {
		if c := a.id.Compare(b.id); c != 0 {
			return c
		}
		return a.epoch - b.epoch
	})
	src := &evalSource{log: log, win: win, closer: closer, seen: make(map[sampleKey]seenSample, len(samples)), mr: memberReader{r: r, light: opt.Light, skipTools: opt.SkipTools, recycle: opt.Recycle}}
	for _, s := range samples {
		src.files = append(src.files, s.f)
	}
	src.order = src.files
	if opt.Workers > 1 && len(src.files) > 1 {
		src.pre = startPrefetch(log.File, src.mr, src.files, min(opt.Workers, len(src.files)))
	}
	if len(samples) == 0 {
		sums, err := readSummaries(log.File, summaries, journalSums)
		if err != nil {
			return nil, err
		}
		src.pending = sums
		log.FromSummaries, log.Summaries = len(sums) > 0, len(sums)
	}
	return src, nil
}

// readSummaries reads summaries.json, else the journal's summaries/N.json in N order.
func readSummaries(file string, main *zip.File, journal []*zip.File) ([]*Sample, error) {
	members := []*zip.File{}
	if main != nil {
		members = append(members, main)
	} else {
		slices.SortFunc(journal, func(a, b *zip.File) int { return journalIndex(a.Name) - journalIndex(b.Name) })
		members = journal
	}
	var out []*Sample
	for _, f := range members {
		var raw []json.RawMessage
		if err := readJSONMember(file, f, &raw); err != nil {
			return nil, err
		}
		for i, r := range raw {
			s, err := decodeSample(file, fmt.Sprintf("%s[%d]", f.Name, i), r, true, false, nil, nil)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b *Sample) int {
		if c := a.ID.Compare(b.ID); c != 0 {
			return c
		}
		return a.Epoch - b.Epoch
	})
	return out, nil
}

func journalIndex(name string) int {
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, dirJournalSums), ".json"))
	if err != nil {
		return 1 << 30
	}
	return n
}

func (e *evalSource) next() (*Sample, error) {
	if len(e.pending) > 0 {
		s := e.pending[0]
		e.pending = e.pending[1:]
		return s, e.dedup(s)
	}
	var s *Sample
	var err error
	switch {
	case e.pre != nil && e.pre.more():
		s, err = e.pre.take()
	case e.pre == nil && len(e.files) > 0:
		s, err = decodeMember(e.log.File, e.files[0], &e.mr)
		e.files = e.files[1:]
	default:
		return nil, io.EOF
	}
	if err != nil {
		return nil, err
	}
	return s, e.dedup(s)
}

// decodeMember reads and decodes one sample member, checking its epoch against its name.
// mr is the caller's member reader, reused from member to member (the sample keeps no
// reference to its buffers).
func decodeMember(file string, f *zip.File, mr *memberReader) (*Sample, error) {
	data, err := mr.read(file, f)
	if err != nil {
		return nil, err
	}
	var mem *sampleMem
	if mr.recycle {
		mem = sampleMems.Get().(*sampleMem)
	}
	s, err := decodeSample(file, f.Name, data, false, mr.light, mr.skipTools, mem)
	if err == nil {
		if want := f.Name[strings.LastIndex(f.Name, "_epoch_")+len("_epoch_") : len(f.Name)-len(".json")]; strconv.Itoa(s.Epoch) != want {
			err = errorf(file, f.Name, "epoch", "is %d but the member name says %s", s.Epoch, want)
		}
	}
	if err != nil {
		mem.release() // no caller will have the sample to hand back
		return nil, err
	}
	return s, nil
}

// sampleKey is a sample's id (as text) and epoch.
type sampleKey struct {
	id    string
	epoch int
}

// seenSample is where a sample was read, and whether its id is a number.
type seenSample struct {
	member string
	num    bool
}

func (e *evalSource) dedup(s *Sample) error {
	key := sampleKey{s.ID.String(), s.Epoch}
	if prev, ok := e.seen[key]; ok {
		if prev.num != s.ID.IsNumber() {
			// Two samples to Inspect (1 and "1"), but one member name: the archive
			// cannot tell them apart, nor which member is which.
			same := " of the same name"
			if prev.member != s.Member {
				same = "" // an archive not named as Inspect names it
			}
			return errorf(e.log.File, s.Member, "id", "sample %s epoch %d is here a %s and in an earlier member%s (%s) a %s: Inspect names a sample's member by its id's text, so an .eval log cannot hold the number and the string apart; not supported (a .json log can hold both)",
				s.ID, s.Epoch, idKind(s.ID.IsNumber()), same, prev.member, idKind(prev.num))
		}
		return errorf(e.log.File, s.Member, "id", "sample %s epoch %d also in %s", s.ID, s.Epoch, prev.member)
	}
	e.seen[key] = seenSample{s.Member, s.ID.IsNumber()}
	return nil
}

func idKind(num bool) string {
	if num {
		return "number"
	}
	return "string"
}

func (e *evalSource) close() error {
	if e.pre != nil {
		e.pre.close()
	}
	e.mr.release()
	e.win.release()
	if e.closer != nil {
		return e.closer.Close()
	}
	return nil
}

// MaxMemberBytes bounds the uncompressed size of one archive member (a sample, the
// header, the summaries): a larger member is an error rather than a memory blow-up.
const MaxMemberBytes = 1 << 30

// trustedMemberSize bounds the declared size a member's buffer is made for up front: a
// member declared larger grows its buffer as the bytes come (readMemberInto).
const trustedMemberSize = 64 << 20

// readMember returns a member's bytes in a new buffer (readMemberInto).
func readMember(file string, f *zip.File) ([]byte, error) {
	var buf []byte
	return readMemberInto(file, f, &buf)
}

// readMemberInto returns a member's bytes, read into *buf (grown when too small, and
// kept for the next member); reading to the end verifies its CRC-32 and size.
func readMemberInto(file string, f *zip.File, buf *[]byte) ([]byte, error) {
	if f.UncompressedSize64 > MaxMemberBytes {
		return nil, errorf(file, f.Name, "", "member of %d bytes exceeds the %d-byte limit", f.UncompressedSize64, MaxMemberBytes)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, &Error{File: file, Member: f.Name, Err: fmt.Errorf("damaged member: %w", err)}
	}
	defer rc.Close()
	// The declared size (which archive/zip checks against what the member holds) sizes
	// the buffer up front, up to a bound: a member whose header lies grows it as it reads.
	// One spare byte lets the read that meets the end land in the buffer.
	want := int(min(f.UncompressedSize64, trustedMemberSize)) + 1
	data := *buf
	if cap(data) < want {
		data = make([]byte, 0, want)
	}
	data = data[:0]
	for {
		if len(data) == cap(data) {
			if len(data) > MaxMemberBytes {
				err = fmt.Errorf("member exceeds the %d-byte limit", MaxMemberBytes)
				break
			}
			data = append(data, 0)[:len(data)]
		}
		var n int
		n, err = rc.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err != nil {
			break
		}
	}
	*buf = data
	if err == io.EOF {
		return sanitizeNonFinite(data), nil
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		err = fmt.Errorf("truncated member: %w", err)
	} else {
		err = fmt.Errorf("damaged member: %w", err)
	}
	return nil, &Error{File: file, Member: f.Name, Err: err}
}

func readJSONMember(file string, f *zip.File, v any) error {
	data, err := readMember(file, f)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return jsonError(file, f.Name, err)
	}
	return nil
}

// bytesBefore is how many bytes of the file come before the archive its end record
// describes (0 when unknown: a ZIP64 archive, or no end record read). archive/zip reads an
// archive preceded by other bytes, which it skips; for two logs written into one file
// (cat a.eval b.eval) that is the second log alone, with no word of the first.
func bytesBefore(r io.ReaderAt, size int64) int64 {
	const endLen, endSig = 22, 0x06054b50 // the end of central directory record
	n := min(size, endLen+0xffff)         // the record, then a comment of up to 64 KiB
	buf := make([]byte, n)
	if _, err := r.ReadAt(buf, size-n); err != nil && err != io.EOF {
		return 0
	}
	// The last record whose comment fits in the file, as archive/zip finds it.
	for i := len(buf) - endLen; i >= 0; i-- {
		if binary.LittleEndian.Uint32(buf[i:]) != endSig || i+endLen+int(binary.LittleEndian.Uint16(buf[i+20:])) > len(buf) {
			continue
		}
		dirSize, dirOff := binary.LittleEndian.Uint32(buf[i+12:]), binary.LittleEndian.Uint32(buf[i+16:])
		if dirSize == 0xffffffff || dirOff == 0xffffffff {
			return 0 // ZIP64: the sizes are in another record
		}
		return size - n + int64(i) - int64(dirSize) - int64(dirOff)
	}
	return 0
}
