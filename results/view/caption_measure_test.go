package view

import (
	"strings"
	"testing"
)

// TestFigureCaptionsNameTheMeasure: on a bench of action rules the viewer captioned
// ecs_by_protocol and domain_heatmap "ECS per …", where the figures and tables say
// authorized success; on a SafeActBench bench the captions are as before.
func TestFigureCaptionsNameTheMeasure(t *testing.T) {
	for _, name := range []string{"ecs_by_protocol", "domain_heatmap"} {
		if title, _, _ := figureCaption(name, "", "", true); !strings.HasPrefix(title, "Authorized success per ") {
			t.Errorf("%s on action rules: %q", name, title)
		}
		if title, _, _ := figureCaption(name, "", "", false); !strings.HasPrefix(title, "ECS per ") {
			t.Errorf("%s: %q", name, title)
		}
	}
}
