package harness

// ReadFull makes s read its samples in full rather than light (inspect.ReadOptions.Light),
// for the tests that compare the two.
func ReadFull(s *InspectStream) { s.fullRead = true }

// EventHostKeys are the host fields among the record events' keys (eventKeyNames).
var EventHostKeys = eventKeyNames[keyHost:keyStatus]

// SetRunIDHash makes s hash run ids with h (before its first Next), so that tests can make
// two run ids share a hash.
func SetRunIDHash(s *InspectStream, h func(string) uint64) { s.idHash = h }

// LogsOpened is the number of times s opened a log, to read its samples or their members.
func LogsOpened(s *InspectStream) int { return s.opened }
