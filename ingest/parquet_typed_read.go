package ingest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// Reading the typed layout: each struct column is made back into the object as written
// (its keys in order, from _keys, each value from its column or _rest; see objSpec),
// without a JSON parse of anything but the free-form parts. The cost is in allocation,
// so the readers share what repeats: the Keys slice of every object with the same
// _keys, and the boxed value of a dictionary column's strings; other strings point into
// one copy of their column's bytes per batch instead of a copy each.

// typedCtx is what the readers of one row share: the decoder of the JSON parts, where
// problems go, and the field path of the value being read (built only for a problem).
type typedCtx struct {
	dec   *jsonv.Decoder
	file  string
	row   int
	max   int
	probs []Problem
	bad   map[string]bool // top-level columns with a problem
	top   string          // the top-level column being read
	path  []pathElem
}

type pathElem struct {
	name string
	idx  int // list index, or -1
}

func (c *typedCtx) push(name string, idx int) { c.path = append(c.path, pathElem{name, idx}) }
func (c *typedCtx) pop()                      { c.path = c.path[:len(c.path)-1] }

// field is the JSON path of the value being read, as problems name fields elsewhere.
func (c *typedCtx) field() string {
	var b strings.Builder
	for i, e := range c.path {
		if e.idx >= 0 {
			b.WriteString("[" + strconv.Itoa(e.idx) + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(e.name)
	}
	return b.String()
}

func (c *typedCtx) fail(format string, a ...any) {
	c.probs = append(c.probs, Problem{File: c.file, Line: c.row, Field: c.field(), Msg: fmt.Sprintf(format, a...)})
	c.bad[c.top] = true
}

// parseJSON parses one JSON text cell (checked as a JSONL line's values are).
func (c *typedCtx) parseJSON(s string) (any, bool) {
	if len(s) > c.max {
		c.fail("longer than the limit of %d bytes", c.max)
		return nil, false
	}
	v, err := c.dec.Parse(bytesOf(s))
	if err != nil {
		c.fail("invalid JSON: %s", err)
		return nil, false
	}
	if p := lostProblem(c.dec, bytesOf(s), c.field(), c.file, c.row); p != nil {
		c.probs = append(c.probs, *p)
		c.bad[c.top] = true
		return nil, false
	}
	return v, true
}

// strCol reads one string column of a batch.
type strCol struct {
	a     *array.String
	other arrow.Array // another string type (a foreign writer's): through cellValue
	// arena is a copy of a's bytes for this batch (columns without intern): the strings
	// read point into it. valid: it is valid UTF-8 as a whole.
	arena []byte
	base  int
	valid bool
	// intern, for dictionary columns, shares the boxed value of repeated strings.
	intern *[internSlots]internSlot
	// A column read as a dictionary: its indices, values, and each value boxed when
	// first read in this batch.
	dict   *array.Dictionary
	idx32  []int32 // the indices, when int32 (pqarrow's choice)
	dvals  *array.String
	dboxed []any
}

const internSlots = 256

type internSlot struct {
	s string
	v any
}

// bind points s at a batch's column. emptyOK: the file's statistics show a chunk of this
// column with no value (see parquetReader.emptyChunks), so a dictionary column that comes
// without its dictionary may be all null rather than damaged.
func (s *strCol) bind(a arrow.Array, copyBytes, emptyOK bool) error {
	*s = strCol{intern: s.intern, dboxed: s.dboxed[:0]}
	switch x := a.(type) {
	case nil:
	case *array.String:
		s.a = x
		if copyBytes && x.Len() > 0 {
			s.base = x.ValueOffset(0)
			s.arena = append([]byte(nil), x.ValueBytes()...)
			s.valid = utf8.Valid(s.arena)
		}
	case *array.LargeString, *array.StringView, *array.Binary, *array.LargeBinary:
		s.other = a
	case *array.Dictionary:
		if noDictionary(x) {
			// A column chunk with no value in it (a nested field no episode has, say the
			// events' fields in a file of Legacy episodes) has an empty dictionary, which
			// arrow-go reads as none: every cell is null, as for a missing column. A
			// damaged dictionary page can read the same way, so this is taken only where
			// the footer's statistics say such an empty chunk is there.
			if !emptyOK || x.NullN() != x.Len() {
				return fmt.Errorf("a dictionary column without its dictionary (%d values), which the file's statistics do not show empty", x.Len()-x.NullN())
			}
			return nil
		}
		if !arrow.IsBaseBinary(x.Dictionary().DataType().ID()) {
			return fmt.Errorf("a %s column, want strings", a.DataType())
		}
		if d, ok := x.Dictionary().(*array.String); ok {
			s.dict, s.dvals = x, d
			if ix, ok := x.Indices().(*array.Int32); ok {
				s.idx32 = ix.Int32Values()
			}
			s.dboxed = append(s.dboxed, make([]any, d.Len())...)
		} else {
			s.other = a
		}
	default:
		return fmt.Errorf("a %s column, want strings", a.DataType())
	}
	return nil
}

// noDictionary reports whether x came without its dictionary, which x.Dictionary() would
// dereference (arrow-go keeps a typed nil there).
func noDictionary(x *array.Dictionary) bool {
	switch d := x.Data().Dictionary().(type) {
	case nil:
		return true
	case *array.Data:
		return d == nil
	}
	return false
}

func (s *strCol) null(i int) bool {
	switch {
	case s.dict != nil:
		return s.dict.IsNull(i)
	case s.a != nil:
		return s.a.IsNull(i)
	case s.other != nil:
		return s.other.IsNull(i)
	}
	return true
}

// raw returns cell i's bytes as a string that aliases the batch: for parsing and
// comparing only.
func (s *strCol) raw(i int) string {
	if s.dict != nil {
		return s.dvals.Value(s.dict.GetValueIndex(i))
	}
	if s.a != nil {
		return s.a.Value(i)
	}
	v, _ := cellValue(s.other, i)
	str, _ := v.(string)
	return str
}

// value returns cell i (not null) as a string value of its own, boxed, or false after a
// problem.
func (s *strCol) value(c *typedCtx, i int) (any, bool) {
	if s.dict != nil {
		var k int
		if s.idx32 != nil {
			k = int(s.idx32[i])
		} else {
			k = s.dict.GetValueIndex(i)
		}
		if v := s.dboxed[k]; v != nil {
			return v, true
		}
		str := s.dvals.Value(k)
		if !utf8.ValidString(str) {
			c.fail("invalid UTF-8 in the value (it would be replaced by U+FFFD)")
			return nil, false
		}
		var v any = strings.Clone(str)
		s.dboxed[k] = v
		return v, true
	}
	if s.a == nil {
		str := s.raw(i)
		if !utf8.ValidString(str) {
			c.fail("invalid UTF-8 in the value (it would be replaced by U+FFFD)")
			return nil, false
		}
		return strings.Clone(str), true
	}
	if s.intern != nil {
		str := s.a.Value(i)
		e := &s.intern[internIndex(str)]
		if e.v != nil && e.s == str {
			return e.v, true
		}
		if !utf8.ValidString(str) {
			c.fail("invalid UTF-8 in the value (it would be replaced by U+FFFD)")
			return nil, false
		}
		str = strings.Clone(str)
		e.s, e.v = str, str
		return e.v, true
	}
	off, n := s.a.ValueOffset(i)-s.base, s.a.ValueLen(i)
	if n == 0 {
		return "", true
	}
	str := unsafe.String(&s.arena[off], n)
	// The arena is valid UTF-8 as a whole: a cell is too when it starts and ends on a
	// character boundary.
	if !s.valid || isContinuation(s.arena, off) || isContinuation(s.arena, off+n) {
		if !utf8.ValidString(str) {
			c.fail("invalid UTF-8 in the value (it would be replaced by U+FFFD)")
			return nil, false
		}
	}
	return str, true
}

func isContinuation(b []byte, i int) bool { return i < len(b) && b[i]&0xC0 == 0x80 }

// internIndex mixes a string's length and a few of its bytes into a slot.
func internIndex(s string) int {
	n := len(s)
	if n == 0 {
		return 0
	}
	h := uint32(n)*0x9E3779B1 ^ uint32(s[0])<<8 ^ uint32(s[n-1]) ^ uint32(s[n/2])<<16 ^ uint32(s[n*3/4])<<4
	h ^= h >> 15
	return int((h * 0x85EBCA6B) >> 24) // internSlots is 256
}

// fieldReader reads one known field's column.
type fieldReader struct {
	f    *tfield
	str  strCol
	num  arrow.Array // tkInt, tkFloat, tkBool
	obj  *objReader  // tkObject; tkList: the element reader
	list *array.List
	miss bool // the file has no such column: every cell is null
}

// keyPlan is a parsed _keys value: the keys (shared by every object read with them)
// and each key's field index, or -1 for a key kept in _rest.
type keyPlan struct {
	text  string
	keys  []string
	field []int
}

// objReader reads the objects of one struct column (or list element) of a batch.
type objReader struct {
	spec            *objSpec
	arr             *array.Struct
	raw, keys, rest strCol
	cols            []fieldReader
	plans           [8]*keyPlan // recent _keys values, round robin
	nextPlan        int
}

func newObjReader(spec *objSpec) *objReader {
	r := &objReader{spec: spec, cols: make([]fieldReader, len(spec.fields))}
	for k := range spec.fields {
		f := &spec.fields[k]
		r.cols[k].f = f
		switch f.kind {
		case tkString:
			if f.dict {
				r.cols[k].str.intern = new([internSlots]internSlot)
			}
		case tkObject, tkList:
			r.cols[k].obj = newObjReader(f.sub)
		}
	}
	return r
}

// bind points r at a batch's struct array; name is its column path, for errors; empty is
// the file's columns with an empty chunk (parquetReader.emptyChunks).
func (r *objReader) bind(a arrow.Array, name string, empty map[string]bool) error {
	st, ok := a.(*array.Struct)
	if !ok {
		return fmt.Errorf("%s: a %s column, want the typed layout's struct", name, a.DataType())
	}
	r.arr = st
	r.raw, r.keys, r.rest = strCol{}, strCol{}, strCol{}
	for k := range r.cols {
		c := &r.cols[k]
		c.miss, c.num, c.list = true, nil, nil
		if err := c.str.bind(nil, false, false); err != nil {
			return err
		}
	}
	typ := st.DataType().(*arrow.StructType)
	for j, f := range typ.Fields() {
		child := st.Field(j)
		var err error
		switch f.Name {
		case tcRaw:
			err = r.raw.bind(child, false, empty[name+"."+f.Name])
		case tcKeys:
			err = r.keys.bind(child, false, empty[name+"."+f.Name])
		case tcRest:
			err = r.rest.bind(child, false, empty[name+"."+f.Name])
		default:
			k, known := r.spec.index[f.Name]
			if !known {
				return fmt.Errorf("%s.%s: a column the typed layout does not define", name, f.Name)
			}
			err = r.cols[k].bind(child, name+"."+f.Name, empty)
		}
		if err != nil {
			return fmt.Errorf("%s.%s: %w", name, f.Name, err)
		}
	}
	return nil
}

func (c *fieldReader) bind(a arrow.Array, name string, empty map[string]bool) error {
	c.miss = false
	switch c.f.kind {
	case tkString:
		return c.str.bind(a, c.str.intern == nil, empty[name])
	case tkJSON:
		return c.str.bind(a, false, empty[name])
	case tkInt, tkFloat, tkBool:
		switch a.(type) {
		case *array.Int64, *array.Int32, *array.Int16, *array.Int8, *array.Uint64, *array.Uint32,
			*array.Uint16, *array.Uint8:
			if c.f.kind != tkInt {
				return fmt.Errorf("a %s column, want %s", a.DataType(), kindWord(c.f.kind))
			}
		case *array.Float64, *array.Float32:
			if c.f.kind != tkFloat {
				return fmt.Errorf("a %s column, want %s", a.DataType(), kindWord(c.f.kind))
			}
		case *array.Boolean:
			if c.f.kind != tkBool {
				return fmt.Errorf("a %s column, want %s", a.DataType(), kindWord(c.f.kind))
			}
		default:
			return fmt.Errorf("a %s column, want %s", a.DataType(), kindWord(c.f.kind))
		}
		c.num = a
	case tkObject:
		return c.obj.bind(a, name, empty)
	case tkList:
		l, ok := a.(*array.List)
		if !ok {
			return fmt.Errorf("a %s column, want a list", a.DataType())
		}
		c.list = l
		return c.obj.bind(l.ListValues(), name+".list.element", empty)
	}
	return nil
}

func kindWord(k tkind) string {
	switch k {
	case tkInt:
		return "integers"
	case tkFloat:
		return "floats"
	case tkBool:
		return "booleans"
	}
	return "strings"
}

// value returns the field's value in row i, and false when the cell is null (or had a
// problem).
func (c *fieldReader) value(ctx *typedCtx, i int) (any, bool) {
	if c.miss {
		return nil, false
	}
	switch c.f.kind {
	case tkString:
		if c.str.null(i) {
			return nil, false
		}
		return c.str.value(ctx, i)
	case tkJSON:
		if c.str.null(i) {
			return nil, false
		}
		return ctx.parseJSON(c.str.raw(i))
	case tkInt:
		if c.num.IsNull(i) {
			return nil, false
		}
		if x, ok := c.num.(*array.Int64); ok {
			return x.Value(i), true
		}
		v, _ := cellValue(c.num, i)
		return v, true
	case tkFloat, tkBool:
		if c.num.IsNull(i) {
			return nil, false
		}
		v, _ := cellValue(c.num, i)
		return v, true
	case tkObject:
		if c.obj.arr.IsNull(i) {
			return nil, false
		}
		return c.obj.value(ctx, i)
	case tkList:
		if c.list.IsNull(i) {
			return nil, false
		}
		start, end := c.list.ValueOffsets(i)
		l := make([]any, end-start)
		for k := range l {
			ctx.push("", k)
			j := int(start) + k
			if c.obj.arr.IsNull(j) {
				ctx.fail("a null list element (the typed layout writes none)")
			} else {
				l[k], _ = c.obj.value(ctx, j)
			}
			ctx.pop()
		}
		return l, true
	}
	return nil, false
}

// value returns the object (or, from _raw, the value) in row i of a non-null struct.
func (r *objReader) value(ctx *typedCtx, i int) (any, bool) {
	if !r.raw.null(i) {
		return ctx.parseJSON(r.raw.raw(i))
	}
	if r.keys.null(i) {
		ctx.fail("%s is null in a non-null object", tcKeys)
		return nil, false
	}
	plan := r.plan(ctx, r.keys.raw(i))
	if plan == nil {
		return nil, false
	}
	var rest *jsonv.Object
	if !r.rest.null(i) {
		ctx.push(tcRest, -1)
		v, ok := ctx.parseJSON(r.rest.raw(i))
		if ok {
			if rest, ok = v.(*jsonv.Object); !ok {
				ctx.fail("must hold a JSON object")
			}
		}
		ctx.pop()
		if !ok {
			return nil, false
		}
	}
	o := jsonv.NewObjectKeys(plan.keys)
	used, good := 0, true
	for j, k := range plan.keys {
		ctx.push(k, -1)
		var v any
		found := false
		if f := plan.field[j]; f >= 0 {
			v, found = r.cols[f].value(ctx, i)
		}
		if !found && rest != nil {
			if rv, ok := rest.Get(k); ok {
				v, found = rv, true
				used++
			}
		}
		if !found && plan.field[j] < 0 {
			ctx.fail("listed in %s but in neither a column nor %s", tcKeys, tcRest)
			good = false
		}
		ctx.pop()
		o.Values[j] = v
	}
	if rest != nil && used != rest.Len() {
		ctx.push(tcRest, -1)
		ctx.fail("holds keys that %s does not list or that have a value in their column", tcKeys)
		ctx.pop()
		good = false
	}
	return o, good
}

// plan returns the parsed _keys text s.
func (r *objReader) plan(ctx *typedCtx, s string) *keyPlan {
	for _, p := range r.plans {
		if p != nil && p.text == s {
			return p
		}
	}
	ctx.push(tcKeys, -1)
	defer ctx.pop()
	v, ok := ctx.parseJSON(s)
	if !ok {
		return nil
	}
	l, ok := v.([]any)
	if !ok {
		ctx.fail("must hold a JSON array of strings")
		return nil
	}
	p := &keyPlan{text: strings.Clone(s), keys: make([]string, len(l)), field: make([]int, len(l))}
	for j, e := range l {
		k, ok := e.(string)
		if !ok {
			ctx.fail("must hold a JSON array of strings")
			return nil
		}
		for _, prev := range p.keys[:j] {
			if prev == k {
				ctx.fail("lists %q twice", k)
				return nil
			}
		}
		p.keys[j] = k
		if f, known := r.spec.index[k]; known {
			p.field[j] = f
		} else {
			p.field[j] = -1
		}
	}
	r.plans[r.nextPlan] = p
	r.nextPlan = (r.nextPlan + 1) % len(r.plans)
	return p
}
