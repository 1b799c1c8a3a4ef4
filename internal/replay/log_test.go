package replay_test

import (
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/games/wink"
	"topsecret/internal/replay"
)

// A replay's board shows each viewer the log it had at that step: the
// deal's own line at step 0, the lines numbered by that viewer's own
// count (one apart, whatever other seats were told), a seat's notices to
// it alone, and as many as asked for.
func TestTimeline_LogIsTheViewersOwn(t *testing.T) {
	t.Parallel()
	m, log := mustPlay(t, 6, "log", `{"mode":"table"}`)
	tl, err := replay.New(wink.Rules{}, m, log)
	if err != nil {
		t.Fatal(err)
	}
	if got := tl.Log(0, game.TableViewer(), 10); len(got) != 1 || got[0].Msg.ID != "wink.event.deal" || got[0].Seq != 1 {
		t.Fatalf("step 0's log %+v, want the deal's line numbered 1", got)
	}
	private := 0
	for _, v := range []game.Viewer{game.TableViewer(), game.SeatViewer(0), game.SeatViewer(2), game.SeatViewer(4), game.SeatViewer(5)} {
		count := 0
		for i := range tl.Len() {
			for _, e := range tl.Info(i).Events {
				if e.For(v) {
					count++
				}
			}
			lines := tl.Log(i, v, 10)
			if len(lines) != min(count, 10) || len(lines) > 0 && lines[len(lines)-1].Seq != count {
				t.Fatalf("%+v step %d: %d lines, the newest numbered %d; it read %d", v, i, len(lines), lines[len(lines)-1].Seq, count)
			}
			for j, l := range lines {
				if j > 0 && l.Seq != lines[j-1].Seq+1 {
					t.Fatalf("%+v step %d: lines numbered %d then %d", v, i, lines[j-1].Seq, l.Seq)
				}
				if l.Private {
					private++
					if v.Kind != game.Player {
						t.Fatalf("step %d: the table reads a private line %+v", i, l)
					}
				}
			}
		}
	}
	if private == 0 {
		t.Fatal("no seat read a notice of its own: the check proves nothing")
	}
}
