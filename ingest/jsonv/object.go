package jsonv

// Object is a JSON object with its keys in insertion order. Lookups scan linearly:
// the objects in traces and case specs are small, and a scan beats hashing there.
type Object struct {
	Keys   []string
	Values []any
}

// BigInt is an integer literal that does not fit int64, kept as its decimal digits.
type BigInt string

// NewObject returns an object with the given key/value pairs (k1, v1, k2, v2, ...).
func NewObject(kv ...any) *Object {
	o := &Object{}
	if n := len(kv) / 2; n > 0 {
		// Sized up front: the synthetic writers build many small objects, and growing
		// the two slices pair by pair showed in their profiles.
		o.Keys, o.Values = make([]string, 0, n), make([]any, 0, n)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		o.Set(kv[i].(string), kv[i+1])
	}
	return o
}

// Len is the number of keys.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.Keys)
}

// Get returns the value of key k and whether it is present.
func (o *Object) Get(k string) (any, bool) {
	if o == nil {
		return nil, false
	}
	for i, key := range o.Keys {
		if key == k {
			return o.Values[i], true
		}
	}
	return nil, false
}

// Has reports whether key k is present.
func (o *Object) Has(k string) bool {
	_, ok := o.Get(k)
	return ok
}

// Set replaces the value of k, or appends k. Like a Python dict, a key keeps the
// position of its first insertion.
func (o *Object) Set(k string, v any) {
	for i, key := range o.Keys {
		if key == k {
			o.Values[i] = v
			return
		}
	}
	o.Keys = append(o.Keys, k)
	o.Values = append(o.Values, v)
}

// Delete removes k if present.
func (o *Object) Delete(k string) {
	for i, key := range o.Keys {
		if key == k {
			o.Keys = append(o.Keys[:i:i], o.Keys[i+1:]...)
			o.Values = append(o.Values[:i:i], o.Values[i+1:]...)
			return
		}
	}
}

// Clone returns a shallow copy: the key and value slices are new, the values shared.
func (o *Object) Clone() *Object {
	if o == nil {
		return nil
	}
	return &Object{Keys: append([]string(nil), o.Keys...), Values: append([]any(nil), o.Values...)}
}

// String returns the field k if it is a string.
func (o *Object) String(k string) (string, bool) {
	v, _ := o.Get(k)
	s, ok := v.(string)
	return s, ok
}

// Obj returns the field k if it is an object.
func (o *Object) Obj(k string) (*Object, bool) {
	v, _ := o.Get(k)
	m, ok := v.(*Object)
	return m, ok
}

// List returns the field k if it is an array.
func (o *Object) List(k string) ([]any, bool) {
	v, _ := o.Get(k)
	l, ok := v.([]any)
	return l, ok
}

// DeepCopy copies v recursively, so a caller may change the copy freely.
func DeepCopy(v any) any {
	switch x := v.(type) {
	case *Object:
		c := &Object{Keys: append([]string(nil), x.Keys...), Values: make([]any, len(x.Values))}
		for i, e := range x.Values {
			c.Values[i] = DeepCopy(e)
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = DeepCopy(e)
		}
		return c
	default:
		return v
	}
}

// Equal reports whether a and b are the same JSON value with the same Python types
// (1 and 1.0 differ; key order does not matter).
func Equal(a, b any) bool {
	switch x := a.(type) {
	case *Object:
		y, ok := b.(*Object)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.Keys {
			w, ok := y.Get(k)
			if !ok || !Equal(x.Values[i], w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case float64:
		y, ok := b.(float64)
		return ok && x == y
	default:
		return a == b
	}
}

// NewObjectKeys returns an object with the given keys and as many nil values, allocated
// as the Decoder allocates its objects (up to sixteen values with the object). The object
// keeps keys, which may be shared by other objects: nothing may change it in place (Set
// appends to a slice of capacity len, Delete builds a new one).
func NewObjectKeys(keys []string) *Object {
	return newObject(keys[:len(keys):len(keys)])
}
