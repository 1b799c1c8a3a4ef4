package loadtest

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"text/tabwriter"
	"time"
)

// Report is what a run measured. Its JSON is the last line `topsecret
// loadtest` prints.
type Report struct {
	Mode    string          `json:"mode"`
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
	URL     string          `json:"url"`
	// Store names the server's store when the tool started the server.
	Store     string `json:"store,omitempty"`
	Rooms     int    `json:"rooms"`
	Seats     int    `json:"seats"`
	Conns     int    `json:"conns"`
	FileLimit uint64 `json:"file_limit"`
	// Play holds the play mode's figures, at the top level of the JSON;
	// nil in idle mode.
	*Play
	Server *ServerUse `json:"server,omitempty"`
	Idle   *IdleUse   `json:"idle,omitempty"`
}

// Play is what a play run measured over its window.
type Play struct {
	TargetPerSec float64 `json:"target_per_sec"`
	Seconds      float64 `json:"seconds"`
	Sent         int64   `json:"sent"`
	SentPerSec   float64 `json:"sent_per_sec"`
	// SentAgain were sent by a seat still awaiting the answer to its last
	// action, because every seat with a move was waiting: the server is
	// slower than rooms x seats can hide.
	SentAgain int64 `json:"sent_again"`
	// Resent were sent again, under the same id, on a new socket after the
	// old one died awaiting their answer (a restart, a moved room): the
	// server counts each once.
	Resent int64 `json:"resent"`
	// IdleTicks are ticks when no seat anywhere had a move: not sent.
	IdleTicks int64 `json:"idle_ticks"`
	Acked     int64 `json:"acked"`
	// ActionsPerSec is the achieved rate: acknowledged actions per second.
	ActionsPerSec float64 `json:"actions_per_sec"`
	// Latency runs from an action's due time until every seat of its room
	// holds a frame showing it.
	Latency Latency `json:"latency_ms"`
	// Answered runs from the due time to the ok alone, Busy to a busy
	// refusal: overload should be answered at once.
	Answered Latency `json:"answered_ms"`
	Busy     Latency `json:"busy_ms"`
	// SendLag is how late the tool sent actions after they were due, and
	// ToolCPUCores the tool's own CPU time per second: a lag near the
	// latency, or a core busy, says the tool and not the server set it.
	SendLag         Latency          `json:"send_lag_ms"`
	ToolCPUCores    float64          `json:"tool_cpu_cores"`
	Errors          map[string]int64 `json:"errors"`
	ErrorDetail     map[string]int64 `json:"error_detail,omitempty"`
	MatchesFinished int64            `json:"matches_finished"`
	// Quiet are answered actions settled at the timeout with no later frame
	// at some seat: views they did not change (see stats.quiet).
	Quiet int64 `json:"settled_quiet"`

	// Per acknowledged action and per seat of its room (a viewer):
	// frames, message bytes, and bytes on the wire (framing and
	// compression included). Frames of timer actions and presence count
	// too: they are what one player's action costs.
	FramesPerActionPerViewer    float64 `json:"frames_per_action_per_viewer"`
	BytesPerActionPerViewer     float64 `json:"bytes_per_action_per_viewer"`
	WireBytesPerActionPerViewer float64 `json:"wire_bytes_per_action_per_viewer"`
	BytesPerFrame               float64 `json:"bytes_per_frame"`
}

// Latency is a histogram's summary in milliseconds.
type Latency struct {
	Count uint64  `json:"count"`
	Mean  float64 `json:"mean"`
	P50   float64 `json:"p50"`
	P90   float64 `json:"p90"`
	P99   float64 `json:"p99"`
	P999  float64 `json:"p99_9"`
	Max   float64 `json:"max"`
}

func summarise(h *Histogram) Latency {
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return Latency{Count: h.Count(), Mean: ms(h.Mean()), P50: ms(h.Quantile(0.5)), P90: ms(h.Quantile(0.9)),
		P99: ms(h.Quantile(0.99)), P999: ms(h.Quantile(0.999)), Max: ms(h.Max())}
}

// ServerUse is the server process as /proc saw it.
type ServerUse struct {
	PID int `json:"pid"`
	// InProcess: the server ran inside the load tool, so CPU and memory
	// include the tool's own clients.
	InProcess bool `json:"in_process"`
	// CPUCores is CPU time per second of the window (1 = one core busy).
	CPUCores       float64 `json:"cpu_cores,omitempty"`
	CPUPerActionUS float64 `json:"cpu_us_per_action,omitempty"`
	RSSBeforeKiB   int64   `json:"rss_before_kib"`
	RSSSeatedKiB   int64   `json:"rss_seated_kib"`
	RSSEndKiB      int64   `json:"rss_end_kib"`
	RSSPeakKiB     int64   `json:"rss_peak_kib"`
	// RSSPerConnKiB is (seated - before) / connections: a socket with its
	// share of its room.
	RSSPerConnKiB float64 `json:"rss_per_conn_kib"`
}

// fill turns the run's counts into the report.
func (r *runner) fill(rep *Report, before, seated ProcSample) {
	c, w, s := r.cfg, r.window, r.stats
	rep.Rooms, rep.Seats, rep.Conns = c.Rooms, c.Seats, c.Rooms*c.Seats
	rep.Play = &Play{}
	rep.TargetPerSec = c.Rate
	secs := w.to.Sub(w.from).Seconds()
	rep.Seconds = secs
	rep.Sent, rep.SentAgain, rep.IdleTicks, rep.Acked = s.sent.Load(), s.again.Load(), s.idle.Load(), s.acked.Load()
	rep.SentPerSec, rep.ActionsPerSec = per(float64(rep.Sent), secs), per(float64(rep.Acked), secs)
	rep.Latency, rep.SendLag = summarise(&s.latency), summarise(&s.lag)
	rep.Answered, rep.Busy = summarise(&s.answered), summarise(&s.busy)
	rep.ToolCPUCores = per((w.selfTo.CPU - w.selfFrom.CPU).Seconds(), secs)
	rep.Errors, rep.ErrorDetail = s.errorCounts()
	rep.MatchesFinished = s.matches.Load()
	rep.Quiet = s.quiet.Load()
	rep.Resent = s.resent.Load()
	// An action is shown to the seats of its own room.
	views := float64(rep.Acked) * float64(rep.Seats)
	frames, bytes := float64(s.frames.Load()), float64(s.bytes.Load())
	rep.FramesPerActionPerViewer = per(frames, views)
	rep.BytesPerActionPerViewer = per(bytes, views)
	rep.WireBytesPerActionPerViewer = per(float64(w.wireTo-w.wireFrom), views)
	rep.BytesPerFrame = per(bytes, frames)
	if c.PID == 0 {
		return
	}
	cpu := (w.procTo.CPU - w.procFrom.CPU).Seconds()
	rep.Server = &ServerUse{PID: c.PID, InProcess: c.InProcess,
		CPUCores: per(cpu, secs), CPUPerActionUS: per(cpu*1e6, float64(rep.Acked)),
		RSSBeforeKiB: before.RSS >> 10, RSSSeatedKiB: seated.RSS >> 10, RSSEndKiB: w.procTo.RSS >> 10, RSSPeakKiB: w.procTo.HWM >> 10,
		RSSPerConnKiB: per(float64(seated.RSS-before.RSS)/1024, float64(rep.Conns))}
}

// per divides, with 0 for nothing to divide by.
func per(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// WriteTable prints the report for people: one measure a line.
func (rep *Report) WriteTable(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	row := func(name, format string, args ...any) {
		fmt.Fprintf(tw, "%s\t"+format+"\n", append([]any{name}, args...)...)
	}
	row("game", "%s %s", rep.Game, rep.Options)
	row("server", "%s %s", rep.URL, rep.Store)
	switch {
	case rep.Play != nil:
		rep.writePlayRows(row)
	case rep.Idle != nil:
		rep.Idle.writeRows(row, rep.Server)
	}
	row("open-file limit", "%d", rep.FileLimit)
	tw.Flush()
}

func (rep *Report) writePlayRows(row func(name, format string, args ...any)) {
	row("load", "%d rooms x %d seats @ %g actions/s for %.1fs", rep.Rooms, rep.Seats, rep.TargetPerSec, rep.Seconds)
	row("sent", "%d (%.1f/s); %d by a seat still waiting; %d again after a reconnect; %d idle ticks (no seat had a move)", rep.Sent, rep.SentPerSec, rep.SentAgain, rep.Resent, rep.IdleTicks)
	row("achieved", "%.1f actions/s (%d acknowledged)", rep.ActionsPerSec, rep.Acked)
	l := rep.Latency
	row("latency ms", "p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f  (%d seen by every seat)", l.P50, l.P90, l.P99, l.P999, l.Max, l.Count)
	row("answered ms", "p50 %.2f  p99 %.2f  max %.2f  (to the ok alone)", rep.Answered.P50, rep.Answered.P99, rep.Answered.Max)
	row("busy ms", "p50 %.2f  p99 %.2f  max %.2f  (%d busy answers)", rep.Busy.P50, rep.Busy.P99, rep.Busy.Max, rep.Busy.Count)
	row("send lag ms", "p99 %.2f  max %.2f  (the tool used %.2f cores)", rep.SendLag.P99, rep.SendLag.Max, rep.ToolCPUCores)
	var errs string
	for _, k := range slices.Sorted(maps.Keys(rep.Errors)) {
		errs += fmt.Sprintf("%s %d  ", k, rep.Errors[k])
	}
	row("errors", "%s", errs)
	for _, k := range slices.Sorted(maps.Keys(rep.ErrorDetail)) {
		row("", "%s: %d", k, rep.ErrorDetail[k])
	}
	row("matches finished", "%d", rep.MatchesFinished)
	row("settled at the timeout (no later frame)", "%d", rep.Quiet)
	row("per action per viewer", "%.2f frames, %.0f bytes (%.0f on the wire); %.0f bytes a frame",
		rep.FramesPerActionPerViewer, rep.BytesPerActionPerViewer, rep.WireBytesPerActionPerViewer, rep.BytesPerFrame)
	if s := rep.Server; s != nil {
		row("server cpu", "%.2f cores, %.0f µs per action%s", s.CPUCores, s.CPUPerActionUS, inProcessNote(s))
		row("server rss", "%d KiB before, %d seated, %d at the end (peak %d); %.1f KiB per connection", s.RSSBeforeKiB, s.RSSSeatedKiB, s.RSSEndKiB, s.RSSPeakKiB, s.RSSPerConnKiB)
	}
}

func inProcessNote(s *ServerUse) string {
	if s.InProcess {
		return " (in-process: includes the load tool)"
	}
	return ""
}
