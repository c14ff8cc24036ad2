// Package analysis scores a release's episodes with the oracle, groups the verdicts
// (configuration × case × repeat × condition) and computes the metrics of DESIGN §5 and the
// paper's tables from them. It keeps compact verdicts, never records.
package analysis
