// Package server speaks HTTP and websockets: routes, handlers, rendering and the mapping of errors to responses.
package server

import (
	"github.com/coder/websocket"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"topsecret/internal/overload"
	"topsecret/internal/replay"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/static"
	"topsecret/web/catalogue"
)

// Server holds the HTTP side's dependencies.
type Server struct {
	Rooms *room.Registry
	// games are the games this server offers, handed down by main: their
	// rules, boards, words and assets.
	games *catalogue.Shelf
	// worded holds each game's description worded per language.
	worded *worded
	Store  store.Store
	Log    *slog.Logger
	// BaseURL is the public address used in join links and QR codes, e.g.
	// "http://192.168.1.20:8080". Empty means: taken from each request.
	BaseURL string
	// LANHost is this machine's LAN address (LANAddress), used for links
	// when BaseURL is empty and a page is opened on this machine at a
	// loopback address. Empty: such links stay loopback, and the host's
	// lobby warns that they work on this machine only.
	LANHost string
	// OriginPatterns are extra hosts allowed to open websockets (the page's
	// own host is always allowed).
	OriginPatterns []string
	// ReadLimit is the largest act or ping a client may send. Default 4 KiB.
	// A larger one is refused as too_large and the connection stays open;
	// notes are bounded by the room instead, and any message past
	// hardReadLimit closes the connection.
	ReadLimit int64
	// RatePerSec and RateBurst bound each connection's messages. Defaults 20 and 40.
	RatePerSec float64
	RateBurst  int
	// WriteTimeout bounds one websocket write. Default 10s.
	WriteTimeout time.Duration
	// PingInterval is how often a websocket is pinged, give or take a
	// sixth: a phone that vanished without closing its socket (out of
	// range, battery dead) is dropped, and its seat shows as away, within
	// about twice this. Default 25s (pings 21 to 29 s apart).
	PingInterval time.Duration
	// TrustProxy says reverse proxies in front set X-Forwarded-For and
	// X-Forwarded-Proto truthfully: client addresses and HTTPS come from
	// them, when the request comes from one of TrustedProxies (default
	// DefaultProxies: this machine); from any other peer both headers are
	// removed, since anyone can send them. Off, they are left in place but
	// not believed, except by baseURL, which takes its links' scheme from
	// X-Forwarded-Proto whoever sent it.
	TrustProxy     bool
	TrustedProxies []netip.Prefix
	// Hosts are names this server is reached at besides the base URL's
	// host, IP addresses and local names (servesHost); requests for any
	// other name are refused, against DNS rebinding.
	Hosts []string
	// Doorman limits what one network address may ask for.
	Doorman *Doorman
	// Deflate is the permessage-deflate mode taken up when a client offers
	// it (every browser does); the zero value compresses nothing. The
	// program's default is each frame alone (--ws-deflate fresh): a
	// phone's frame 4-5 times smaller for a fraction of a millisecond
	// (docs/benchmarks.md, "Compressed frames").
	Deflate websocket.CompressionMode
	// Overload turns away new actions while the CPU cannot keep up, so
	// the ones taken are answered in time; nil takes everything.
	Overload *overload.Gauge

	handler http.Handler
	// timelines keeps the replay timelines of the finished matches viewed
	// last (timelineCacheSize of them).
	timelines *lru[string, *replay.Timeline]
	// nights keeps the night files built lately (night_file.go), and
	// nightBuilds lets one be built at a time.
	nights      *lru[string, []byte]
	nightBuilds chan struct{}
	// qrCodes keeps the QR drawings of the join links shown last
	// (qrCacheSize of them): every lobby frame embeds one.
	qrCodes *lru[string, string]
	// htmlEncoders holds one page encoder per language and address, which
	// every socket reading alike shares (htmlEncoderCacheSize of them).
	htmlEncoders *lru[string, room.Encoder]
	// rejoinTries limits typed rejoin codes and requests for seats.
	rejoinTries *tries
	// found holds the rooms found lately (foundRoomsSize of them), by
	// code: the keyhole that lets in a request from an address out of
	// room-code guesses which shows it has been in the room (room_codes.go).
	found *lru[string, room.Keyhole]
	// warnings keeps the log's warnings about refused requests in check.
	warnings *warnings
	// machine is this machine's host name, which requests may name.
	machine string
	// proxies holds one reverse proxy per instance address that runs
	// rooms forwarded from here.
	proxies sync.Map
	// refusals holds refusals said often, worded per language (saidOften).
	refusals sync.Map
	// tallies keeps rooms' tallied nights (night.go).
	tallies *lru[string, cachedNight]
	// draining is set while this instance hands its rooms over before it stops.
	draining atomic.Bool
}

// Cache caps. A long match's timeline is about 1 MB and a QR drawing about
// 10 KB, so the caches hold some 16 MB and 2.5 MB at most.
const (
	timelineCacheSize    = 16
	qrCacheSize          = 256
	htmlEncoderCacheSize = 64
	foundRoomsSize       = 8192
	tallyCacheSize       = 64
)

// New returns a server of the games on the shelf (the rooms' registry
// must play the same ones) with the documented defaults, its router built.
// A Server must come from New.
func New(games *catalogue.Shelf, rooms *room.Registry, st store.Store, log *slog.Logger) *Server {
	if log == nil {
		log = slog.Default()
	}
	s := &Server{Rooms: rooms, Store: st, Log: log, games: games, worded: &worded{words: games.Words()}, ReadLimit: 4 << 10, RatePerSec: 20, RateBurst: 40,
		WriteTimeout: 10 * time.Second, PingInterval: 25 * time.Second, Doorman: NewDoorman(),
		TrustedProxies: DefaultProxies,
		timelines:      newLRU[string, *replay.Timeline](timelineCacheSize),
		nights:         newLRU[string, []byte](nightCacheSize), nightBuilds: make(chan struct{}, 1),
		qrCodes: newLRU[string, string](qrCacheSize), rejoinTries: newTries(),
		htmlEncoders: newLRU[string, room.Encoder](htmlEncoderCacheSize),
		found:        newLRU[string, room.Keyhole](foundRoomsSize), warnings: newWarnings(), machine: machineName(),
		tallies: newLRU[string, cachedNight](tallyCacheSize)}
	// Handlers read the exported fields per request, so callers may still
	// set them after New, before serving.
	s.handler = s.routes()
	return s
}

// ServeHTTP routes a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.handler.ServeHTTP(w, r)
}

// Handler returns the router, for http.Server and httptest.
func (s *Server) Handler() http.Handler { return s.handler }

func (s *Server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(s.speakGames, s.realIP, s.checkHost, middleware.Recoverer, s.forward, s.logRequests, secureHeaders)
	r.Get("/healthz", s.handleHealth)
	r.Get("/readyz", s.handleReady)
	r.Mount(static.Prefix, static.Handler(s.games.Assets()...))
	r.Get("/favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, static.Path("img/favicon.svg"), http.StatusMovedPermanently)
	})

	// The websocket lives outside any timeout middleware: it stays open for hours.
	r.With(speakLanguage).Get("/r/{code}/ws", s.handleRoomSocket)

	replays := s.limit((*Doorman).AllowReplay, "game.page.slow.replays")
	r.Group(func(r chi.Router) {
		r.Use(middleware.Timeout(30*time.Second), speakLanguage, compress())
		r.Get("/", s.handleHome)
		r.Get("/join", s.handleJoinCode)
		r.Get("/howto/{slug}", s.handleHowTo)
		r.Get("/r/{code}", s.handleRoomPage)
		r.Get("/r/{code}/table", s.handleTablePage)
		r.Get("/r/{code}/qr.svg", s.handleRoomQR)
		r.With(replays).Get("/r/{code}/history", s.handleRoomHistory)
		r.With(replays).Get("/r/{code}/recap", s.handleRecapPage)
		r.Get("/r/{code}/pass/{secret}", s.handlePassPage)
		r.Post("/r/{code}/pass/{secret}", s.handlePassTake)
		r.With(replays).Get("/m/{id}", s.handleReplayPage)
		r.With(replays).Get("/m/{id}/step/{n}", s.handleReplayStep)
		r.With(replays).Get("/m/{id}/history", s.handleMatchHistory)

		r.Route("/api", func(r chi.Router) {
			r.Use(limitBody(16<<10), s.sameOriginWrites)
			r.Get("/games", s.handleGames)
			r.Get("/games/{slug}", s.handleGame)
			r.Post("/rooms", s.handleRoomCreate)
			r.Route("/rooms/{code}", func(r chi.Router) {
				r.Get("/", s.handleRoomGet)
				r.With(replays).Get("/night", s.handleNightGet)
				r.Post("/seats", s.handleSeatCreate)
				r.Post("/seats/{id}/back", s.handleSeatTakeBack)
				// The seat's own answer to the host's request to move it.
				r.Post("/seats/{id}/link/allow", s.handleMoveAllow)
				r.Post("/seats/{id}/link/refuse", s.handleMoveRefuse)
				r.Post("/seats/{id}/ask", s.handleSeatAsk)
				r.Post("/claim", s.handleSeatClaim)
				r.Post("/host/back", s.handleHostBack)
				r.Post("/console/take", s.handleConsoleTake)
				// The host's calls: each redraws every phone of the room.
				r.Group(func(r chi.Router) {
					r.Use(s.limit((*Doorman).AllowHostCall, "game.page.slow.host"))
					r.Post("/seats/{id}/kick", s.handleSeatKick)
					r.Post("/seats/{id}/move", s.handleSeatMove)
					r.Post("/seats/{id}/bot", s.handleSeatReplace)
					r.Post("/seats/{id}/link", s.handleSeatLink)
					r.Post("/watchers/{id}/remove", s.handleWatchersRemove)
					r.Post("/asks/{id}/allow", s.handleAskAllow)
					r.Post("/asks/{id}/refuse", s.handleAskRefuse)
					r.Post("/end", s.handleMatchEnd)
					r.Post("/host", s.handleHostPass)
					r.Post("/console", s.handleConsoleHand)
					r.Post("/start", s.handleMatchStart)
					r.Post("/rematch", s.handleMatchStart)
					r.Post("/options", s.handleRoomOptions)
					r.Post("/game", s.handleRoomGame)
					r.Post("/seats/{id}/sit-out", s.handleSeatSitOut)
					r.Post("/bots", s.handleRoomBots)
					r.Post("/watch", s.handleRoomWatch)
					r.Post("/night", s.handleNightClose)
				})
			})
			r.With(replays).Get("/matches/{id}", s.handleMatchGet)
		})
	})
	// The night's file draws every step of every match of a room: it may
	// take longer than a page.
	r.Group(func(r chi.Router) {
		r.Use(middleware.Timeout(nightTimeout), speakLanguage, compress())
		r.With(replays).Get("/r/{code}/night.html", s.handleNightFile)
	})
	r.NotFound(speakLanguage(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.error(w, r, store.ErrNotFound) })).ServeHTTP)
	return r
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	if err := s.Store.Ping(r.Context()); err != nil {
		s.Log.Error("health", "err", err)
		http.Error(w, "store unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

// handleReady tells a load balancer whether to send this instance new
// clients: not while it drains, nor while the database is out of reach.
func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	if s.Draining() {
		http.Error(w, "draining", http.StatusServiceUnavailable)
		return
	}
	s.handleHealth(w, r)
}

// Drain makes /readyz fail and refuses new websockets, ahead of a stop.
func (s *Server) Drain() { s.draining.Store(true) }

// Draining reports whether Drain was called.
func (s *Server) Draining() bool { return s.draining.Load() }

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		start := time.Now()
		next.ServeHTTP(ww, r)
		s.Log.Debug("http", "method", r.Method, "path", r.URL.Path, "status", ww.Status(), "dur", time.Since(start))
	})
}

func limitBody(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.Body = http.MaxBytesReader(w, r.Body, n)
			next.ServeHTTP(w, r)
		})
	}
}

// limit takes one request from the address's allowance that allow
// spends, refusing it with 429 and message id once spent.
func (s *Server) limit(allow func(*Doorman, string) bool, id string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !allow(s.Doorman, clientAddr(r)) {
				s.error(w, r, &slowDown{id})
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// overHTTPS reports whether the client reached us over HTTPS, directly or
// through a trusted proxy that says so.
func (s *Server) overHTTPS(r *http.Request) bool {
	return r.TLS != nil || (s.TrustProxy && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https"))
}

func itoa(n int) string { return strconv.Itoa(n) }

// secureHeaders forbids inline and foreign scripts and framing: a phone holds
// a player's secret hand, and no other site may read or overlay it. Inline
// style attributes stay allowed for per-seat colours.
func secureHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "DENY")
		next.ServeHTTP(w, r)
	})
}
