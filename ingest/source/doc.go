// Package source opens what a command analyses: a bench (a checkout or case files on disk,
// or the built-in synthetic release of package synth) and a fresh stream of its episodes
// for each scoring pass. It lives apart from ingest because the built-in release is made
// by ingest/synth, which imports ingest.
package source
