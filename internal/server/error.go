package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/web/layout"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// badRequest is malformed input from a client, as a catalogue message the
// error mapper words for that client.
type badRequest struct{ msg game.Msg }

func (e *badRequest) Error() string { return e.msg.ID }

// bad is a bad request saying message id with its arguments.
func bad(id string, args ...game.Arg) error { return &badRequest{game.M(id, args...)} }

// refused is a request its caller may not make, as a catalogue message
// saying who may.
type refused struct{ msg game.Msg }

func (e *refused) Error() string { return e.msg.ID }

// apiError is the JSON body of every error response and websocket error.
// A game's refusal also carries its message, so a client can word it in
// another language; Message is it worded for the requester.
type apiError struct {
	Code    string    `json:"code"`
	Rule    string    `json:"rule,omitempty"`
	Message string    `json:"message"`
	Msg     *game.Msg `json:"msg,omitempty"`
}

// classify maps any error to a status and the client-facing error, once,
// for HTTP and websocket alike, worded for rd. Unknown errors are logged
// and hidden.
func classify(err error, rd words.Reader) (int, apiError) {
	var re *game.RuleError
	var oe *game.OptionError
	var rf *room.Refusal
	var br *badRequest
	var mb *http.MaxBytesError
	var sd *slowDown
	var ms *missing
	var wh *wrongHost
	var rs *refused
	switch {
	case errors.As(err, &ms):
		msg := ms.message()
		return http.StatusNotFound, apiError{Code: "not_found", Message: rd.Say(msg), Msg: &msg}
	case errors.As(err, &re):
		msg := re.Msg
		return http.StatusConflict, apiError{Code: re.Code, Rule: re.Rule, Message: rd.Say(msg), Msg: &msg}
	case errors.As(err, &rf) && rf.Said != nil:
		return http.StatusConflict, apiError{Code: "refused", Message: rd.Say(*rf.Said), Msg: rf.Said}
	case errors.As(err, &oe):
		// A setting the game refused is bad input, said in the host's language.
		msg := oe.Msg
		return http.StatusBadRequest, apiError{Code: "bad_request", Message: rd.Say(msg), Msg: &msg}
	case errors.As(err, &rf):
		// A refusal without words of its own (a game that could not deal).
		return http.StatusConflict, saidError(rd, "refused", "game.page.error.title_refused")
	case errors.As(err, &mb):
		return http.StatusRequestEntityTooLarge, saidError(rd, "too_large", "game.page.error.too_large")
	case errors.As(err, &sd):
		return http.StatusTooManyRequests, saidError(rd, "rate_limited", sd.id)
	case errors.As(err, &wh):
		msg := wrongHostMsg(wh)
		return http.StatusMisdirectedRequest, apiError{Code: "wrong_host", Message: rd.Say(msg), Msg: &msg}
	case errors.As(err, &rs):
		msg := rs.msg
		return http.StatusForbidden, apiError{Code: "forbidden", Message: rd.Say(msg), Msg: &msg}
	case errors.As(err, &br):
		msg := br.msg
		return http.StatusBadRequest, apiError{Code: "bad_request", Message: rd.Say(msg), Msg: &msg}
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, saidError(rd, "not_found", "game.page.error.nothing_here")
	case errors.Is(err, room.ErrForbidden):
		return http.StatusForbidden, saidError(rd, "forbidden", "game.page.error.host_only")
	case errors.Is(err, room.ErrFull):
		// Unlike busy, a retry at once meets the same cap: rooms leave it
		// only as they go idle.
		return http.StatusServiceUnavailable, saidError(rd, "full", "game.page.error.full")
	case errors.Is(err, store.ErrBusy), errors.Is(err, room.ErrClosed), errors.Is(err, store.ErrLeaseLost):
		// Refused at once rather than queued past the client's patience
		// (or by an instance whose room just moved to another): nothing
		// was stored, and a retry under the same id is safe.
		return http.StatusServiceUnavailable, saidError(rd, "busy", "game.page.error.busy")
	case store.Unreachable(err):
		// The database is down or restarting: nothing was stored, so say
		// so plainly; the page retries the same id and play resumes when
		// the database is back.
		return http.StatusServiceUnavailable, saidError(rd, "unavailable", "game.page.error.unavailable")
	case errors.Is(err, context.Canceled):
		// The caller left (a phone closed its socket mid-action): normal,
		// not a failure worth a log line.
		return statusClientGone, saidError(rd, "cancelled", "game.page.error.cancelled")
	case errors.Is(err, room.ErrBarred):
		return http.StatusForbidden, saidError(rd, "removed", "game.page.watchers.barred")
	case errors.Is(err, room.ErrNotSeated):
		return http.StatusForbidden, saidError(rd, "not_seated", "game.page.error.not_seated")
	default:
		return http.StatusInternalServerError, saidError(rd, "internal", "game.page.error.internal")
	}
}

// saidError is an error with its code, worded for rd, carrying its message
// so a client can word it itself.
func saidError(rd words.Reader, code, id string, args ...game.Arg) apiError {
	m := game.M(id, args...)
	return apiError{Code: code, Message: rd.Say(m), Msg: &m}
}

// statusClientGone is nginx's 499: the client went away before the answer.
const statusClientGone = 499

// error answers a failed request as JSON for API clients and as a page for
// browsers. A "not found" says what is missing, found from the route, and
// its page offers the room-code box with the code the address named.
func (s *Server) error(w http.ResponseWriter, r *http.Request, err error) {
	var ms *missing
	if !errors.As(err, &ms) && errors.Is(err, store.ErrNotFound) {
		ms = s.missingFor(r)
		err = ms
	}
	status, body := classify(err, reader(r, nil))
	var sd *slowDown
	if errors.As(err, &sd) {
		s.warn(r, strings.TrimPrefix(sd.id, "game.page.slow."))
	}
	if status == http.StatusInternalServerError {
		s.Log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	if wantsJSON(r) {
		writeJSON(w, status, body)
		return
	}
	rd := reader(r, nil)
	page := pages.ErrorPage{Status: status, Title: errorTitle(rd, status), Message: body.Message}
	if ms != nil {
		page.Title, page.AskCode, page.Code = ms.title(rd), true, ms.code
	}
	s.render(w, r, status, layout.Page(page.Title, pages.ErrorView(page), layout.Plain))
}

func wantsJSON(r *http.Request) bool {
	return strings.HasPrefix(r.URL.Path, "/api/") || strings.Contains(r.Header.Get("Accept"), "application/json")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		// Unreachable for the bodies this package writes; a bare status
		// says it in no language.
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// decodeJSON reads a request body strictly (game.UnmarshalStrict): one
// value, no key given twice, keys spelled as the request's fields are.
// Every caller is under /api, whose bodies are limited to 16 KiB.
func decodeJSON(r *http.Request, v any) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return err
		}
		return bad("game.page.error.malformed_json")
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return nil // an empty body: every field keeps its zero value
	}
	if err := game.UnmarshalStrict(body, v); err != nil {
		return jsonRefusal(err)
	}
	return nil
}

// jsonRefusal says what is wrong with a body the decoder refused, naming
// the field when there is one; the decoder's own words are English.
func jsonRefusal(err error) error {
	var te *json.UnmarshalTypeError
	var dk *game.DuplicateKeyError
	var kc *game.KeyCaseError
	switch {
	case errors.As(err, &te) && te.Field != "":
		return bad("game.page.error.wrong_type", game.X("field", te.Field))
	case errors.As(err, &dk):
		return bad("game.page.error.field_twice", game.X("field", dk.Key))
	case errors.As(err, &kc):
		return bad("game.page.error.field_case", game.X("field", kc.Key), game.X("want", kc.Field))
	case errors.Is(err, game.ErrTrailingData):
		return bad("game.page.error.trailing_data")
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return bad("game.page.error.unknown_field", game.X("field", strings.Trim(f, `"`)))
	}
	return bad("game.page.error.malformed_json")
}

// refusedInput is a room's refusal of what a request asked for (an
// unknown game, a bot strength not offered, a setting the game refused)
// answered as bad input: worded by its message, or by the game's reason.
func refusedInput(rf *room.Refusal) error {
	if rf.Said != nil {
		return &badRequest{*rf.Said}
	}
	if rf.Err != nil {
		return rf // an *game.OptionError, which classify words as bad input
	}
	return bad("game.page.error.title_refused")
}
