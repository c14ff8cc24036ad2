package main

import (
	"strings"
	"testing"
)

func TestViewUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"view", "--format", "md"}, "flag provided but not defined: -format"},
		{[]string{"view", "--out", "-"}, "--out must name an HTML file"},
		{[]string{"view", "extra"}, "view takes no arguments"},
	} {
		_, stderr, code := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
}
