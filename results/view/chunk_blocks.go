package view

import (
	"encoding/binary"
	"fmt"

	"github.com/zeebo/xxh3"
)

// caseBlocks numbers one case's blocks as its chunk lists them, when the case is written:
// every distinct block in first use, its episodes' inner blocks (blockDict) and the lists
// of them alike, two equal texts one block. It replays the case's rows in input order and
// meets the blocks in the order encodeDetail wrote them (each episode's events, ledger
// facts and checkpoints, then the three lists of them, then the rest), so the ids are the
// ones the blocks would have had if every list had been interned as it came. The table
// that finds equal texts lives while the case is written, not while the episodes stream:
// it grows with the case's blocks (about one and a half per episode, most of them lists),
// which the chunk holds as text anyway.
//
// It appends the blocks to dst, as the chunk's JSON array without its brackets (the text
// is built there, not copied into the chunk afterwards), and returns the episodes
// ([ep, events, ledger, checkpoints, rest] each, and the Inspect sample's block after them
// for an episode read from an Inspect log), comma-separated likewise.
func caseBlocks(dst []byte, a *caseAcc) (blocks, rows []byte, err error) {
	inner, err := a.blocks.text.bytes()
	if err != nil {
		return nil, nil, err
	}
	raw, err := a.rows.bytes()
	if err != nil {
		return nil, nil, err
	}
	corrupt := fmt.Errorf("view: case %s: the spooled episodes are corrupt", a.c.ID)
	next := func() (int, bool) {
		x, k := binary.Uvarint(raw)
		if k <= 0 {
			return 0, false
		}
		raw = raw[k:]
		return int(x), true
	}
	out := chunkBlocks{text: dst}
	final := make([]int32, 0, a.blocks.n) // the final id of each provisional one met so far
	// take is the final id of inner block p: provisional ids are given in first use, so
	// the first use of p here comes after every id below it, and its text is the next one.
	take := func(p int) (int, bool) {
		if p < len(final) {
			return int(final[p]), true
		}
		n, k := binary.Uvarint(inner)
		if p != len(final) || k <= 0 || uint64(len(inner)-k) < n {
			return 0, false
		}
		final = append(final, int32(out.add(inner[k:k+int(n)])))
		inner = inner[k+int(n):]
		return int(final[p]), true
	}
	var lists [3][]int
	var buf []byte
	for len(raw) > 0 {
		ep, ok := next()
		if !ok {
			return nil, nil, corrupt
		}
		for l := range lists {
			k, ok := next()
			if !ok || k > len(raw) {
				return nil, nil, corrupt
			}
			lists[l] = lists[l][:0]
			for range k {
				p, ok := next()
				var id int
				if ok {
					id, ok = take(p)
				}
				if !ok {
					return nil, nil, corrupt
				}
				lists[l] = append(lists[l], id)
			}
		}
		row := [6]int{ep}
		for l, ids := range lists {
			buf = appendInts(buf[:0], ids)
			row[1+l] = out.add(buf)
		}
		p, ok := next()
		if ok {
			row[4], ok = take(p)
		}
		width := 5
		if ok {
			p, ok = next()
			if ok && p > 0 { // an Inspect sample: a sixth element
				row[5], ok = take(p - 1)
				width = 6
			}
		}
		if !ok {
			return nil, nil, corrupt
		}
		if len(rows) > 0 {
			rows = append(rows, ',')
		}
		rows = appendInts(rows, row[:width])
	}
	if len(inner) > 0 {
		return nil, nil, corrupt
	}
	return out.text, rows, nil
}

// chunkBlocks is a case's blocks in their final numbering: their text, comma-separated
// (after what text held when it began), and a table of their hashes (see table for the
// odds of a collision).
type chunkBlocks struct {
	idx  table
	n    int
	text []byte
}

// add returns the id of the block raw, appending it if it is new.
func (c *chunkBlocks) add(raw []byte) int {
	k := xxh3.Hash128(raw)
	if i, ok := c.idx.get(k); ok {
		return i
	}
	c.idx.put(k, c.n)
	if c.n > 0 {
		c.text = append(c.text, ',')
	}
	c.text = append(c.text, raw...)
	c.n++
	return c.n - 1
}
