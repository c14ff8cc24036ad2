package source

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseShard reads a shard I/N (1 ≤ I ≤ N) into a 0-based index and the count; "" is
// the whole input (0, 1).
func ParseShard(s string) (i, n int, err error) {
	if s == "" {
		return 0, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, fmt.Errorf("--shard wants I/N with 1 ≤ I ≤ N, not %q", s)
	}
	return i - 1, n, nil
}
