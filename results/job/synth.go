package job

import (
	"github.com/sabench/sabench-stats/ingest/synth"
	"github.com/sabench/sabench-stats/results/fsx"
)

// WriteSynth writes the synthetic release of opt to the directory out (with inspect, also
// as Inspect logs), and returns the number of episodes and of logs. The release is built
// in a sibling directory and moved into place (fsx.ReplaceDir): out must not exist, be
// empty, or be an earlier output of sabench-stats, so that a directory of the user's own
// (a real runs.jsonl, a checkout's env/) is refused rather than overwritten with
// synthetic data: checked first, as an OptionError (CheckReplaceDir), before any is generated.
func WriteSynth(out string, opt synth.Options, inspect bool) (episodes, logs int, err error) {
	if err := CheckReplaceDir(out); err != nil {
		return 0, 0, err
	}
	err = fsx.ReplaceDir(out, func(dir string) error {
		if inspect {
			n, files, err := synth.WriteInspectStream(dir, opt)
			episodes, logs = n, len(files)
			return err
		}
		n, err := synth.WriteStream(dir, opt)
		episodes = n
		return err
	})
	return episodes, logs, err
}
