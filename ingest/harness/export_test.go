package harness

// ReadFull makes s read its samples in full rather than light (inspect.ReadOptions.Light),
// for the tests that compare the two.
func ReadFull(s *InspectStream) { s.fullRead = true }

// EventHostKeys are the host fields among the record events' keys (eventKeyNames).
var EventHostKeys = eventKeyNames[keyHost:keyStatus]
