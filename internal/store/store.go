// Package store defines the persisted records of rooms and matches and the Store every backend implements.
package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"topsecret/internal/game"
)

// Sentinel errors every backend returns, so callers can branch on them.
var (
	// ErrNotFound means the record does not exist. No method returns a zero record with a nil error.
	ErrNotFound = errors.New("not found")
	// ErrConflict means a unique key is taken: a room code, a log position or
	// a client's action id already stored in the room.
	ErrConflict = errors.New("conflict")
	// ErrUnwritable means the disk refused the write: full, or failing. A
	// transaction that met it was not committed; the same request may
	// succeed once there is space again or the store has reopened.
	ErrUnwritable = errors.New("the disk refused the write (full or failing)")
)

// Match statuses.
const (
	StatusPlaying  = "playing"
	StatusFinished = "finished"
)

// Room is a host's table: a game, its lobby options and its seats.
type Room struct {
	Code    string          // short, easy to type, hard to guess
	Game    string          // slug
	Options json.RawMessage // normalised by the game
	// HostHash is Hash of the host token, the secret that proves the host
	// in API calls; the token itself is never stored.
	HostHash string
	Host     Host // who holds the host role now
	// BotStrength is how well the room's bots play, chosen by the host;
	// "" is game.Regular.
	BotStrength game.Strength
	// PickedAfter is the number of the room's last match when the host
	// last picked its game (0 before any match, and for a room that never
	// changed games): a later match, if any, is of the game picked, and
	// without one the room waits in that game's lobby.
	PickedAfter int
	// NightClosed says the host closed the night: every screen shows the
	// night's recap until the host plays on.
	NightClosed bool
	CreatedAt   time.Time
}

// GamePick is the host's choice of the game a room plays next, so one room
// plays a whole night of games.
type GamePick struct {
	Game    string          // slug
	Options json.RawMessage // normalised by the game
	// After is the number of the room's last match (0 before any): the
	// room's lobby of the game picked opens after it.
	After int
}

// Host is who holds a room's host role. The zero Host is the room's
// creator: the holder of its host token.
type Host struct {
	// Seat is the id of the seat whose token holds the role; "" means the
	// holder of the room's host token.
	Seat string
	// Returns says the previous holder, Back (named as Seat names a
	// holder), may take the role back with one tap: it passed by itself
	// while their phone was away, not on purpose.
	Returns bool
	Back    string
}

// Seat is one place at a room's table, held by a person (by token) or a bot.
type Seat struct {
	ID       string // uuid, stable across reorders
	Position int    // 0..N-1 in table order; the game's seat number
	Name     string
	// TokenHash is Hash of the seat's token, the secret kept in the
	// player's cookie; the token itself is never stored. Empty for bots.
	TokenHash string
	Bot       bool
	// Standin says a bot plays this person's seat until they take it back:
	// the host replaced them, or their time ran out twice while away.
	Standin bool
	// SitsOut says the host left this member out of the room's current
	// game (it takes fewer players than the room holds): they watch its
	// matches and are still in the room for the next game.
	SitsOut  bool
	JoinedAt time.Time
}

// SeatPass is a one-time link that moves a person's seat to another phone:
// whoever opens it before it expires takes the seat, and the seat's old
// token stops working. A seat has at most one; a new one replaces it.
type SeatPass struct {
	RoomCode string
	SeatID   string
	// Hash is Hash of the link's secret; the secret itself is never
	// stored, so the database holds no working link.
	Hash      string
	ExpiresAt time.Time
	UsedAt    *time.Time // set once the seat moved, by this link or otherwise
}

// Hash is what the store keeps of a secret (a host or seat token, a link's
// secret): its SHA-256 in hex, so whoever reads the database holds no
// working credential. Migrations 0008 compute the same in SQL.
//
// A slow hash (bcrypt, argon2) would add nothing: it makes guessing a
// low-entropy password expensive, but these secrets are 128 random bits,
// out of reach of guessing at any hash speed, and every request and
// websocket that shows a token would pay for it.
func Hash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// Match is one game played in a room: its setup and who sat where.
type Match struct {
	ID         string // uuid
	RoomCode   string
	Number     int // 1, 2, … within the room
	Setup      game.Setup
	Seats      []MatchSeat // index = game seat
	Status     string
	Result     *game.Result // set when finished
	CreatedAt  time.Time
	FinishedAt *time.Time
}

// MatchSeat is who played a seat in a match, frozen at its start.
type MatchSeat struct {
	SeatID string `json:"seat_id"`
	Name   string `json:"name"`
	Bot    bool   `json:"bot"`
}

// ActionRecord is one accepted action at its position in a match's log.
type ActionRecord struct {
	MatchID  string
	Index    int    // 0-based position in the log
	ClientID string // the client's id for idempotent retries, unique in the room; empty for system actions
	Action   game.Action
}

// Store keeps rooms, seats, matches and their action logs. Every method is
// safe for concurrent use.
type Store interface {
	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	// Close releases the database.
	Close() error

	// CreateRoom stores a new room. ErrConflict if the code is taken.
	CreateRoom(ctx context.Context, r Room) error
	// Room returns the room with code. ErrNotFound if there is none.
	Room(ctx context.Context, code string) (Room, error)
	// SetRoomOptions replaces a room's lobby options. ErrNotFound if there is no such room.
	SetRoomOptions(ctx context.Context, code string, options json.RawMessage) error
	// SetRoomGame records the game a room plays next, its options and
	// when it was picked (Room.PickedAfter). ErrNotFound if there is no
	// such room.
	SetRoomGame(ctx context.Context, code string, p GamePick) error
	// SetRoomHost records who holds a room's host role. ErrNotFound if there is no such room.
	SetRoomHost(ctx context.Context, code string, host Host) error
	// SetRoomBotStrength records how well a room's bots play. ErrNotFound if there is no such room.
	SetRoomBotStrength(ctx context.Context, code string, s game.Strength) error
	// SetRoomNightClosed records whether the host closed the room's night.
	// ErrNotFound if there is no such room.
	SetRoomNightClosed(ctx context.Context, code string, closed bool) error

	// UnplayedRooms lists the codes of rooms created before t that never
	// started a match.
	UnplayedRooms(ctx context.Context, before time.Time) ([]string, error)
	// DeleteUnplayedRoom deletes a room and its seats if it never started
	// a match. ErrNotFound if there is no such room; ErrConflict if it has
	// a match (rooms that played are kept with their history).
	DeleteUnplayedRoom(ctx context.Context, code string) error

	// Seats returns a room's seats in position order (possibly none).
	// ErrNotFound if there is no such room.
	Seats(ctx context.Context, code string) ([]Seat, error)
	// PutSeats replaces a room's seat list in one transaction (joins, kicks,
	// reorders). ErrNotFound if there is no such room; ErrConflict if two
	// seats share an id or a token.
	PutSeats(ctx context.Context, code string, seats []Seat) error

	// PutSeatPass stores a seat's one-time link, replacing any earlier link of
	// that seat. ErrNotFound if there is no such room; ErrConflict if another
	// link of the room has the same hash.
	PutSeatPass(ctx context.Context, p SeatPass) error
	// SeatPass returns the link of room code whose secret hashes to hash,
	// used or not. ErrNotFound if there is none.
	SeatPass(ctx context.Context, code, hash string) (SeatPass, error)
	// EndSeatPass marks seat's link used at at, because the seat moved: it
	// must not move it again. A seat with no unused link is left as it is,
	// without an error.
	EndSeatPass(ctx context.Context, code, seatID string, at time.Time) error

	// CreateMatch stores a new match in status playing. ErrConflict if its id
	// or its (room, number) is taken; ErrNotFound if the room does not exist.
	CreateMatch(ctx context.Context, m Match) error
	// Match returns a match by id. ErrNotFound if there is none.
	Match(ctx context.Context, id string) (Match, error)
	// Matches returns a room's matches, newest first. ErrNotFound if there is no such room.
	Matches(ctx context.Context, code string) ([]Match, error)
	// PlayingMatches returns every unfinished match, for operators and
	// checks (a server loads none of them until someone asks).
	PlayingMatches(ctx context.Context) ([]Match, error)
	// FinishMatch records a match's result. ErrNotFound if there is no such
	// match; ErrConflict if it is already finished.
	FinishMatch(ctx context.Context, id string, result game.Result, at time.Time) error

	// AppendAction durably adds an action at its log position. ErrConflict if
	// the position is already taken in that match, or the client id in any
	// match of its room; ErrNotFound if the match does not exist.
	AppendAction(ctx context.Context, rec ActionRecord) error
	// ClientAction returns the action a client stored under clientID in any
	// match of room code, so a resend after a crash or a rematch is
	// recognised. ErrNotFound if no action of the room has that id (system
	// actions have none).
	ClientAction(ctx context.Context, code, clientID string) (ActionRecord, error)
	// Actions returns a match's log in order. ErrNotFound if there is no such match.
	Actions(ctx context.Context, matchID string) ([]ActionRecord, error)

	// Note returns a seat's private notes for a match (an empty object when
	// none are stored). ErrNotFound if there is no such match.
	Note(ctx context.Context, matchID string, seat game.Seat) (json.RawMessage, error)
	// PutNote replaces a seat's private notes for a match. ErrNotFound if there is no such match.
	PutNote(ctx context.Context, matchID string, seat game.Seat, note json.RawMessage) error
}
