package ingest

import (
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// objWriter appends objects of one objSpec to a struct builder (see objSpec for the
// columns and the rule that makes them lossless).
type objWriter struct {
	spec            *objSpec
	sb              *array.StructBuilder
	raw, keys, rest *array.StringBuilder
	cols            []fieldWriter
	at              []int  // scratch: index in the object of each field's key, or -1
	restBuf         []byte // this object's _rest, built while its children are written
	buf             *[]byte
}

// fieldWriter is the builder of one known field.
type fieldWriter struct {
	kind tkind
	str  *array.StringBuilder
	i64  *array.Int64Builder
	f64  *array.Float64Builder
	bl   *array.BooleanBuilder
	obj  *objWriter // tkObject; tkList: the element writer
	list *array.ListBuilder
	buf  *[]byte // scratch for JSON text, copied into the builder at once
}

func newObjWriter(spec *objSpec, sb *array.StructBuilder, buf *[]byte) *objWriter {
	w := &objWriter{spec: spec, sb: sb, buf: buf, at: make([]int, len(spec.fields))}
	i := 0
	next := func() int { i++; return i - 1 }
	if spec.raw {
		w.raw = sb.FieldBuilder(next()).(*array.StringBuilder)
	}
	w.keys = sb.FieldBuilder(next()).(*array.StringBuilder)
	w.cols = make([]fieldWriter, len(spec.fields))
	for k, f := range spec.fields {
		c := &w.cols[k]
		c.kind, c.buf = f.kind, buf
		switch b := sb.FieldBuilder(next()); f.kind {
		case tkString, tkJSON:
			c.str = b.(*array.StringBuilder)
		case tkInt:
			c.i64 = b.(*array.Int64Builder)
		case tkFloat:
			c.f64 = b.(*array.Float64Builder)
		case tkBool:
			c.bl = b.(*array.BooleanBuilder)
		case tkObject:
			c.obj = newObjWriter(f.sub, b.(*array.StructBuilder), buf)
		case tkList:
			c.list = b.(*array.ListBuilder)
			c.obj = newObjWriter(f.sub, c.list.ValueBuilder().(*array.StructBuilder), buf)
		}
	}
	w.rest = sb.FieldBuilder(next()).(*array.StringBuilder)
	return w
}

// hasRepeatedKey reports whether o lists a key twice (only an object built by hand can:
// the parsers keep one). Such an object is stored as JSON text.
func hasRepeatedKey(o *jsonv.Object) bool {
	for i := 1; i < len(o.Keys); i++ {
		for j := 0; j < i; j++ {
			if o.Keys[i] == o.Keys[j] {
				return true
			}
		}
	}
	return false
}

// appendTop appends a top-level object (record, official, usage): nil as a null
// struct, an object with a repeated key as its JSON text in _raw.
func (w *objWriter) appendTop(o *jsonv.Object) {
	switch {
	case o == nil:
		w.sb.AppendNull()
	case hasRepeatedKey(o):
		w.appendRaw(o)
	default:
		w.appendObject(o)
	}
}

// appendRaw appends v as JSON text in _raw (specs with _raw only), the other children null.
func (w *objWriter) appendRaw(v any) {
	w.sb.Append(true)
	*w.buf = jsonv.AppendJSON((*w.buf)[:0], v)
	w.raw.BinaryBuilder.Append(*w.buf)
	w.keys.AppendNull()
	for k := range w.cols {
		w.cols[k].appendNull()
	}
	w.rest.AppendNull()
}

// fits reports whether v can be stored in a column of kind f (nil, JSON null, is stored
// as a null cell, and fits every kind).
func fits(f *tfield, v any) bool {
	switch f.kind {
	case tkString:
		_, ok := v.(string)
		return ok
	case tkInt:
		_, ok := v.(int64)
		return ok
	case tkFloat:
		_, ok := v.(float64)
		return ok
	case tkBool:
		_, ok := v.(bool)
		return ok
	case tkJSON:
		return true
	case tkObject:
		o, ok := v.(*jsonv.Object)
		return ok && o != nil && !hasRepeatedKey(o)
	case tkList:
		_, ok := v.([]any)
		return ok
	}
	return false
}

func (w *objWriter) appendObject(o *jsonv.Object) {
	w.sb.Append(true)
	if w.raw != nil {
		w.raw.AppendNull()
	}
	b := append((*w.buf)[:0], '[')
	for i, k := range o.Keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = jsonv.AppendJSON(b, k)
	}
	b = append(b, ']')
	*w.buf = b
	w.keys.BinaryBuilder.Append(b)

	for k := range w.at {
		w.at[k] = -1
	}
	rest := append(w.restBuf[:0], '{')
	addRest := func(k string, v any) {
		if len(rest) > 1 {
			rest = append(rest, ',')
		}
		rest = jsonv.AppendJSON(rest, k)
		rest = append(rest, ':')
		rest = jsonv.AppendJSON(rest, v)
	}
	for i, k := range o.Keys {
		f, known := w.spec.index[k]
		switch v := o.Values[i]; {
		case !known:
			addRest(k, v)
		case v == nil:
		case fits(&w.spec.fields[f], v):
			w.at[f] = i
		default:
			addRest(k, v)
		}
	}
	// The children are written after the keys were sorted out: they use w.buf too, and
	// rest is this writer's own.
	for f := range w.cols {
		if i := w.at[f]; i >= 0 {
			w.cols[f].append(o.Values[i])
		} else {
			w.cols[f].appendNull()
		}
	}
	if len(rest) > 1 {
		rest = append(rest, '}')
		w.rest.BinaryBuilder.Append(rest)
	} else {
		w.rest.AppendNull()
	}
	w.restBuf = rest
}

func (c *fieldWriter) appendNull() {
	switch c.kind {
	case tkString, tkJSON:
		c.str.AppendNull()
	case tkInt:
		c.i64.AppendNull()
	case tkFloat:
		c.f64.AppendNull()
	case tkBool:
		c.bl.AppendNull()
	case tkObject:
		c.obj.sb.AppendNull()
	case tkList:
		c.list.AppendNull()
	}
}

// append appends v, which fits the column.
func (c *fieldWriter) append(v any) {
	switch c.kind {
	case tkString:
		c.str.Append(v.(string))
	case tkJSON:
		*c.buf = jsonv.AppendJSON((*c.buf)[:0], v)
		c.str.BinaryBuilder.Append(*c.buf)
	case tkInt:
		c.i64.Append(v.(int64))
	case tkFloat:
		c.f64.Append(v.(float64))
	case tkBool:
		c.bl.Append(v.(bool))
	case tkObject:
		c.obj.appendObject(v.(*jsonv.Object))
	case tkList:
		l := v.([]any)
		c.list.Append(true)
		for _, e := range l {
			c.obj.appendElement(e)
		}
	}
}

// appendElement appends one list element: an object as a struct, anything else
// (JSON null too: a null struct would read as no element) as its JSON text in _raw.
func (w *objWriter) appendElement(e any) {
	if o, ok := e.(*jsonv.Object); ok && o != nil && !hasRepeatedKey(o) {
		w.appendObject(o)
		return
	}
	w.appendRaw(e)
}
