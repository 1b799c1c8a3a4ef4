package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// lobby makes the HTTP calls a host and the players make before and
// between matches, as docs/protocol.md lists them.
type lobby struct {
	base   string // http://host:port
	client *http.Client
}

func newLobby(base string) *lobby {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 64
	return &lobby{base: base, client: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}

// apiError is the server's refusal, as its code and message.
type apiError struct {
	Status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%d %s: %s", e.Status, e.Code, e.Message)
}

// call sends body (nil: none) to path, authorised by bearer when set, and
// decodes a 2xx answer into out (nil: discarded).
func (l *lobby) call(ctx context.Context, method, path, bearer string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, l.base+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	resp, err := l.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		e := &apiError{Status: resp.StatusCode}
		_ = json.Unmarshal(b, e)
		return fmt.Errorf("%s %s: %w", method, path, e)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}

// gameSeats is how many players a game takes, from GET /api/games.
func (l *lobby) gameSeats(ctx context.Context, slug string) (lo, hi int, err error) {
	var games []struct {
		Slug       string `json:"slug"`
		MinPlayers int    `json:"min_players"`
		MaxPlayers int    `json:"max_players"`
		Available  bool   `json:"available"`
	}
	if err := l.call(ctx, http.MethodGet, "/api/games", "", nil, &games); err != nil {
		return 0, 0, err
	}
	for _, g := range games {
		if g.Slug == slug && g.Available {
			return g.MinPlayers, g.MaxPlayers, nil
		}
	}
	return 0, 0, fmt.Errorf("game %q is not offered by %s", slug, l.base)
}

// seatedRoom is a room filled with players, its host role passed to the
// first of them so that seat's own socket keeps it (a host away for three
// minutes loses it) and its token may start the next match.
type seatedRoom struct {
	Code  string
	Seats []seatToken
}

type seatToken struct {
	Seat   int    `json:"seat"`
	SeatID string `json:"seat_id"`
	Token  string `json:"token"`
}

// seatRoom creates a room of game with options and seats n players in it.
func (l *lobby) seatRoom(ctx context.Context, game string, options json.RawMessage, n int) (seatedRoom, error) {
	body := map[string]any{"game": game}
	if len(options) > 0 {
		body["options"] = options
	}
	var created struct {
		Code      string `json:"code"`
		HostToken string `json:"host_token"`
	}
	if err := l.call(ctx, http.MethodPost, "/api/rooms", "", body, &created); err != nil {
		return seatedRoom{}, err
	}
	r := seatedRoom{Code: created.Code}
	for i := range n {
		var s seatToken
		if err := l.call(ctx, http.MethodPost, "/api/rooms/"+r.Code+"/seats", "", map[string]string{"name": "Agent " + strconv.Itoa(i+1)}, &s); err != nil {
			return r, err
		}
		r.Seats = append(r.Seats, s)
	}
	err := l.call(ctx, http.MethodPost, "/api/rooms/"+r.Code+"/host", created.HostToken, map[string]string{"seat_id": r.Seats[0].SeatID}, nil)
	return r, err
}

// start starts the room's first match as its host.
func (l *lobby) start(ctx context.Context, r seatedRoom) error {
	return l.call(ctx, http.MethodPost, "/api/rooms/"+r.Code+"/start?token="+url.QueryEscape(r.Seats[0].Token), "", nil, nil)
}

// rematch starts the next match with the same seats, as the host's "Play
// again" does.
func (l *lobby) rematch(ctx context.Context, r seatedRoom) error {
	return l.call(ctx, http.MethodPost, "/api/rooms/"+r.Code+"/rematch?token="+url.QueryEscape(r.Seats[0].Token), "", nil, nil)
}

// seatRooms fills count rooms with workers calls at a time; it stops at
// the first failure.
func (l *lobby) seatRooms(ctx context.Context, game string, options json.RawMessage, seats, count int) ([]seatedRoom, error) {
	out := make([]seatedRoom, count)
	err := parallel(ctx, count, func(ctx context.Context, i int) error {
		var err error
		out[i], err = l.seatRoom(ctx, game, options, seats)
		return err
	})
	return out, err
}

// setupWorkers bounds concurrent setup calls: enough to hide round trips,
// few enough not to queue behind the store's single writer.
const setupWorkers = 16

// parallel runs f for 0..n-1 on setupWorkers goroutines and returns the
// first error, after which the remaining calls are skipped.
func parallel(ctx context.Context, n int, f func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(setupWorkers, n) {
		wg.Go(func() {
			for i := range next {
				if err := f(ctx, i); err != nil {
					cancel(err)
				}
			}
		})
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	return context.Cause(ctx)
}
