package view

import (
	"encoding/binary"

	"github.com/zeebo/xxh3"
)

// A block built from strings (an event, a ledger entry, a checkpoint, an episode's rest)
// is a function of those strings and of the ids its case gave them, and most episodes
// repeat their case's blocks (84% of events in synth's releases). So blockDict.memo maps
// a key of such a block's content to its id: a block whose key the case has seen takes
// its id from one probe instead of one per string and one for the block, and it would
// give no new id, so skipping its strings keeps the first-use order of ids. A block not
// seen is encoded as before and its key recorded.
//
// A key is a byte saying which kind of block it is, then the content: each string after
// its length, each int as a varint, each list after its length; so distinct contents of
// one kind give distinct keys, and distinct kinds never share one. The memo holds the
// key's hash (see table for the odds that two keys collide).

// Kinds of memoized blocks.
const (
	memoEvent = 'e'
	memoFact  = 'f'
	memoCheck = 'c'
	memoRest  = 'r'
	memoText  = 'x' // the block's own text (blockDict.intern)
)

func keyInt(k []byte, x int) []byte { return binary.AppendVarint(k, int64(x)) }

func keyStr(k []byte, s string) []byte {
	return append(binary.AppendUvarint(k, uint64(len(s))), s...)
}

func keyStrs(k []byte, xs []string) []byte {
	k = binary.AppendUvarint(k, uint64(len(xs)))
	for _, x := range xs {
		k = keyStr(k, x)
	}
	return k
}

// recall is the hash of the key in d.key and the id of its block if the case has it.
func (d *blockDict) recall() (textKey, int, bool) {
	k := xxh3.Hash128(d.key)
	i, ok := d.memo.get(k)
	return k, i, ok
}
