//go:build race

package inspect

// raceEnabled: under the race detector sync.Pool drops some of what it is given, so
// allocation counts do not hold under -race.
const raceEnabled = true
