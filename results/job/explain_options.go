package job

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// ExplainFormats are the formats Explain writes.
var ExplainFormats = []string{"text", "json"}

// ExplainOptions choose the rendering of explanations: Format is one of ExplainFormats; Full
// prints long facts uncut in text (JSON always carries them whole).
type ExplainOptions struct {
	Format string
	Full   bool
}

// Explain writes one explanation (oracle.Explain) per verdict of the episode ep (one
// verdict per policy): in text separated by blank lines, in JSON as one array. vs[i] was
// scored under pols[i].
func Explain(w io.Writer, cs *casespec.Case, ep *ingest.Episode, pols []oracle.Policy, vs []oracle.Verdict, opt ExplainOptions) error {
	xs := make([]*oracle.Explanation, len(vs))
	for i := range vs {
		xs[i] = oracle.Explain(cs, ep, pols[i], vs[i])
	}
	switch opt.Format {
	case "json":
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(xs)
	case "text", "":
		for i, x := range xs {
			if i > 0 {
				if _, err := io.WriteString(w, "\n"); err != nil {
					return err
				}
			}
			if _, err := io.WriteString(w, explainText(x, opt.Full)); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("explain: unknown format %q (text or json)", opt.Format)
}
