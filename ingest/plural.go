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

// PluralVerb is Plural with the verb that agrees: one for a count of one, else many
// ("1 case carries", "2 cases carry").
func PluralVerb(n int, noun, one, many string) string {
	if n == 1 {
		return Plural(n, noun) + " " + one
	}
	return Plural(n, noun) + " " + many
}
