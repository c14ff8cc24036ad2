package jsonv

// ListSink receives the elements of one list of each document a Decoder parses (see
// SinkList), so that a caller can type them without a tree being built for them.
type ListSink interface {
	// BeginList starts the list; a document that repeats its key starts it again (the
	// last one is the value, as with a repeated key anywhere).
	BeginList()
	// Element receives an element that is an object: its keys, in order without a
	// repeat (a slice shared by every object of that shape, which nobody may change),
	// and their values, which are valid only during the call.
	Element(keys []string, vals []any)
	// Value receives any other element.
	Value(v any)
}

// SunkList is the value that stands in the tree for the list a ListSink received.
type SunkList struct{}

// SinkList makes the Decoder hand the list at outer.inner of each document's root object
// (the root's key outer holding an object whose key inner holds a list) to s, element by
// element, and leave SunkList in its place. A nil s turns this off. Parse's result is
// otherwise the same; when the document is not valid JSON, the error comes with
// whatever s received before the fault.
func (d *Decoder) SinkList(outer, inner string, s ListSink) {
	d.sink, d.sinkOuter, d.sinkInner = s, outer, inner
}
