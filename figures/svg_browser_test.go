package figures

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// chromium finds a Chromium for the SVG test: skipped without one on a developer's
// machine, a failure under CI (CI set; .ci/run installs it).
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("the SVG browser test needs Chromium (apt-get install chromium)")
	}
	t.Skip("no Chromium on PATH (set CHROMIUM, or apt-get install chromium)")
	return ""
}

// screenshot renders an HTML page holding svg at scale × its CSS size and returns the
// image; css is added to the page (to swap the fonts the browser would use).
func screenshot(t *testing.T, ctx context.Context, svg []byte, css string, w, h int, scale float64) image.Image {
	t.Helper()
	page := fmt.Sprintf(`<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0;background:#fff}svg{display:block}%s</style></head><body>%s</body></html>`, css, svg)
	p := filepath.Join(t.TempDir(), "f.html")
	if err := os.WriteFile(p, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: int64(w), Height: int64(h), DeviceScaleFactor: scale}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+p), chromedp.WaitReady(chromedp.CSS("svg"))); err != nil {
		t.Fatal(err)
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// differing is the share of pixels whose grey levels differ by more than 64 of 255.
func differing(a, b image.Image) float64 {
	ra, rb := a.Bounds(), b.Bounds()
	w, h := min(ra.Dx(), rb.Dx()), min(ra.Dy(), rb.Dy())
	n := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			r1, g1, b1, _ := a.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, _ := b.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			l1 := (299*r1 + 587*g1 + 114*b1) / 1000 >> 8
			l2 := (299*r2 + 587*g2 + 114*b2) / 1000 >> 8
			if d := int(l1) - int(l2); d > 64 || d < -64 {
				n++
			}
		}
	}
	return float64(n) / float64(w*h)
}

// TestSVGInBrowser renders every figure's SVG in headless Chromium, a browser
// without Liberation Sans, twice: as is, and with every font the page could use
// replaced by a serif and a monospace one. The two screenshots must be identical (the
// text is the bundled font's outlines, not a font the browser picks), and they must match
// the PNG this package rasterises from the same font (reference image, at the same
// scale) but for anti-aliasing: under 1.5% of pixels differ by more than a quarter of the
// grey range. With SABENCH_SVG_SHOTS=DIR the screenshots and the reference are kept.
func TestSVGInBrowser(t *testing.T) {
	path := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("font-render-hinting", "none"))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()
	ctx, cancel := context.WithTimeout(bctx, 2*time.Minute)
	defer cancel()
	shots := os.Getenv("SABENCH_SVG_SHOTS")
	figs := smallFigures()
	for _, name := range smallNames {
		fig := figs[name]
		var svg, ref bytes.Buffer
		if err := Render(fig, SVG, &svg, Column); err != nil {
			t.Fatal(err)
		}
		const scale = 2
		o := Column
		o.DPI = 96 * scale // CSS pixels are 1/96 in
		if err := Render(fig, PNG, &ref, o); err != nil {
			t.Fatal(err)
		}
		want, err := png.Decode(bytes.NewReader(ref.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		w, h := want.Bounds().Dx()/scale, want.Bounds().Dy()/scale
		body := svg.Bytes()[bytes.Index(svg.Bytes(), []byte("<svg")):]
		plain := screenshot(t, ctx, body, "", w, h, scale)
		swapped := screenshot(t, ctx, body, `*{font-family:"DejaVu Serif",serif !important;font-size:130% !important}text{font-family:monospace !important}`, w, h, scale)
		if shots != "" {
			_ = os.MkdirAll(shots, 0o755)
			for suffix, img := range map[string]image.Image{"chromium": plain, "chromium-other-fonts": swapped, "reference": want} {
				var b bytes.Buffer
				_ = png.Encode(&b, img)
				_ = os.WriteFile(filepath.Join(shots, name+"-"+suffix+".png"), b.Bytes(), 0o644)
			}
		}
		if d := differing(plain, swapped); d != 0 {
			t.Errorf("%s: other fonts change %.3f%% of the pixels: the SVG depends on the fonts installed", name, 100*d)
		}
		if d := differing(plain, want); d > 0.015 {
			t.Errorf("%s: %.2f%% of the pixels differ from the reference PNG", name, 100*d)
		} else {
			t.Logf("%s: %.2f%% of the pixels differ from the reference PNG (anti-aliasing)", name, 100*d)
		}
		if strings.Contains(svg.String(), "font-family:Liberation Sans;") {
			t.Errorf("%s: the SVG still draws text in a font it names", name)
		}
	}
}
