package games_test

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/game/gametest"
	"topsecret/internal/viewjson"
)

// BenchmarkFramePatch measures, before deciding whether to build them,
// what JSON merge-patch frames (RFC 7386: only what changed against the
// view the client holds) would save over the whole views frames carry
// today: along a bot-played match of each game, for every frame a viewer
// would get (its view changed), the whole view and the patch from its
// previous one, each as written and each deflated alone (as
// --ws-deflate=fresh sends a frame), and the CPU the patch costs (decoding
// both views and diffing them; a server would keep the decoded previous
// view instead of decoding it again). docs/benchmarks.md has the figures.
func BenchmarkFramePatch(b *testing.B) {
	for _, tc := range audienceCases {
		n := tc.players[0]
		slug := tc.rules.Info().Slug
		if slug == "wink" && tc.opts["mode"] != "remote" {
			continue
		}
		if slug == "wink" && tc.opts["winkDelivery"] != nil {
			continue
		}
		b.Run(slug, func(b *testing.B) {
			bot, _ := game.BotFor(tc.rules)
			setup := gametest.SetupFor(tc.rules, n, 7, tc.opts)
			log := gametest.RandomPlay(b, tc.rules, setup, 3000, gametest.BotMoves(bot))
			var sum patchSum
			for b.Loop() {
				sum = framePatches(b, tc.rules, setup, log)
			}
			frames := float64(max(sum.frames, 1))
			b.ReportMetric(float64(sum.full)/frames, "full-B/frame")
			b.ReportMetric(float64(sum.patch)/frames, "patch-B/frame")
			b.ReportMetric(float64(sum.fullZ)/frames, "full-deflated-B/frame")
			b.ReportMetric(float64(sum.patchZ)/frames, "patch-deflated-B/frame")
			b.ReportMetric(float64(sum.diffing.Nanoseconds())/frames, "patch-ns/frame")
		})
	}
}

type patchSum struct {
	frames, full, patch, fullZ, patchZ int
	diffing                            time.Duration
}

// framePatches replays log and, for every viewer whose view an action
// changed, sizes the whole view against the patch from the last one.
func framePatches(b *testing.B, rules game.Rules, setup game.Setup, log []game.Action) patchSum {
	st, err := rules.New(setup)
	if err != nil {
		b.Fatal(err)
	}
	viewers := gametest.Viewers(setup.Seats)
	held := make([][]byte, len(viewers))
	var sum patchSum
	z := newDeflater()
	for i, a := range log {
		if _, err := game.StepEvents(st, setup.Seed, i, a); err != nil {
			b.Fatal(err)
		}
		for k, v := range viewers {
			now, err := viewjson.Append(nil, st.View(v))
			if err != nil {
				b.Fatal(err)
			}
			if bytes.Equal(now, held[k]) {
				continue
			}
			if held[k] != nil {
				start := time.Now()
				p := patchOf(b, held[k], now)
				sum.diffing += time.Since(start)
				sum.frames++
				sum.full += len(now)
				sum.patch += len(p)
				sum.fullZ += z.size(now)
				sum.patchZ += z.size(p)
			}
			held[k] = now
		}
	}
	return sum
}

// patchOf is the JSON merge patch that turns view a into view b.
func patchOf(b *testing.B, a, c []byte) []byte {
	var av, cv any
	if json.Unmarshal(a, &av) != nil || json.Unmarshal(c, &cv) != nil {
		b.Fatal("a view that is not JSON")
	}
	p, _ := mergePatch(av, cv)
	out, err := json.Marshal(p)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// mergePatch is RFC 7386's diff: members gone become null, changed ones
// their new value (objects member by member, anything else whole).
func mergePatch(a, c any) (any, bool) {
	am, aok := a.(map[string]any)
	cm, cok := c.(map[string]any)
	if !aok || !cok {
		return c, !reflect.DeepEqual(a, c)
	}
	p := map[string]any{}
	for k := range am {
		if _, ok := cm[k]; !ok {
			p[k] = nil
		}
	}
	for k, cv := range cm {
		av, ok := am[k]
		if !ok {
			p[k] = cv
		} else if d, changed := mergePatch(av, cv); changed {
			p[k] = d
		}
	}
	return p, len(p) > 0
}

// deflater sizes a frame deflated alone, with no context from the last.
type deflater struct {
	buf bytes.Buffer
	w   *flate.Writer
}

func newDeflater() *deflater {
	d := &deflater{}
	d.w, _ = flate.NewWriter(&d.buf, flate.BestSpeed)
	return d
}

func (d *deflater) size(p []byte) int {
	d.buf.Reset()
	d.w.Reset(&d.buf)
	_, _ = d.w.Write(p)
	_ = d.w.Flush()
	return d.buf.Len()
}
