package server

import (
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

// badRequest is malformed input from a client.
type badRequest struct{ msg string }

func (e *badRequest) Error() string { return e.msg }

func bad(msg string) error { return &badRequest{msg} }

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
	var rf *room.Refusal
	var br *badRequest
	var mb *http.MaxBytesError
	var sd *slowDown
	switch {
	case errors.As(err, &re):
		msg := re.Msg
		return http.StatusConflict, apiError{Code: re.Code, Rule: re.Rule, Message: rd.Say(msg), Msg: &msg}
	case errors.As(err, &rf) && rf.Said != nil:
		return http.StatusConflict, apiError{Code: "refused", Message: rd.Say(*rf.Said), Msg: rf.Said}
	case errors.As(err, &rf):
		return http.StatusConflict, apiError{Code: "refused", Message: rf.Msg}
	case errors.As(err, &mb):
		return http.StatusRequestEntityTooLarge, apiError{Code: "too_large", Message: "That request is too large."}
	case errors.As(err, &sd):
		return http.StatusTooManyRequests, apiError{Code: "rate_limited", Message: sd.msg}
	case errors.As(err, &br):
		return http.StatusBadRequest, apiError{Code: "bad_request", Message: br.msg}
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, apiError{Code: "not_found", Message: "There is nothing here. Check the room code."}
	case errors.Is(err, room.ErrForbidden):
		return http.StatusForbidden, apiError{Code: "forbidden", Message: "Only the host can do that."}
	case errors.Is(err, store.ErrBusy):
		// Refused at once rather than queued past the client's patience:
		// nothing was stored, and a retry under the same id is safe.
		return http.StatusServiceUnavailable, apiError{Code: "busy", Message: "The server is busy: try again in a moment."}
	case store.Unreachable(err):
		// The database is down or restarting: nothing was stored, so say
		// so plainly; the page retries the same id and play resumes when
		// the database is back.
		return http.StatusServiceUnavailable, apiError{Code: "unavailable", Message: "The game's storage is unreachable: your move was not saved. Try again in a moment."}
	case errors.Is(err, context.Canceled):
		// The caller left (a phone closed its socket mid-action): normal,
		// not a failure worth a log line.
		return statusClientGone, apiError{Code: "cancelled", Message: "The request was cancelled."}
	case errors.Is(err, room.ErrNotSeated):
		return http.StatusForbidden, apiError{Code: "not_seated", Message: "You are watching: you hold no seat in this match."}
	default:
		return http.StatusInternalServerError, apiError{Code: "internal", Message: "Internal error."}
	}
}

// statusClientGone is nginx's 499: the client went away before the answer.
const statusClientGone = 499

// error answers a failed request as JSON for API clients and as a page for browsers.
func (s *Server) error(w http.ResponseWriter, r *http.Request, err error) {
	status, body := classify(err, reader(r, nil))
	if status == http.StatusInternalServerError {
		s.Log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	if wantsJSON(r) {
		writeJSON(w, status, body)
		return
	}
	title := http.StatusText(status)
	if status == http.StatusNotFound {
		title = "No such room"
	}
	s.render(w, r, status, layout.Page(title, pages.ErrorView(pages.ErrorPage{Status: status, Title: title, Message: body.Message})))
}

func wantsJSON(r *http.Request) bool {
	return strings.HasPrefix(r.URL.Path, "/api/") || strings.Contains(r.Header.Get("Accept"), "application/json")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "Internal error.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// decodeJSON reads a request body strictly.
func decodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return err
		}
		if errors.Is(err, io.EOF) {
			return nil // an empty body: every field keeps its zero value
		}
		return bad("Malformed JSON: " + err.Error())
	}
	return nil
}
