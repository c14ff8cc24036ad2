// Package ingest reads SafeActBench case specifications and agent episodes from every
// supported source into one model, streaming, and reports every problem as a value that
// names the file, the line (or row) and the field.
package ingest
