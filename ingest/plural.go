package ingest

import "strconv"

// Plural is a count with its noun, singular for 1: "1 episode", "2 episodes". Every
// summary that counts uses it, so that a count of one never reads "1 episodes".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
