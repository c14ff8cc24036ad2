package verdicts

import "errors"

// RefuseRescoring refuses the scoring choices a command line makes beside a verdict
// dataset (Scored): its episodes, policies, infra_failure rule and dedupe
// policy were fixed when it was written, so none can be honoured.
func RefuseRescoring(runs, policies []string, infraFailures, dedupe string) error {
	switch {
	case len(runs) > 0:
		return errors.New("--verdicts replaces --runs: the episodes were scored when the dataset was written")
	case len(policies) > 0:
		return errors.New("--verdicts carries its own policies; --policy cannot be honoured")
	case infraFailures != "exclude":
		return errors.New("--infra-failures was applied when the dataset was scored; it cannot be changed here")
	case dedupe != "":
		return errors.New("--dedupe was applied when the dataset was scored; it cannot be changed here")
	}
	return nil
}
