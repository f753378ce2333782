package ledger

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// storedChannel is a channel record with its version, as the file keeps it.
type storedChannel struct {
	Channel
	Version int64 `json:"version"`
}

func (f *File) Channel(_ context.Context, id string) (*Channel, error) {
	var c *Channel
	err := f.db.View(func(tx *bolt.Tx) error {
		var err error
		c, err = getChannel(tx, strings.ToLower(id))
		return err
	})
	if err == nil && c == nil {
		err = ErrNotFound
	}
	return c, err
}

func (f *File) PutChannel(_ context.Context, c *Channel) error {
	id := strings.ToLower(c.ID)
	return f.writes.do(func(tx *bolt.Tx) error {
		old, err := getChannel(tx, id)
		if err != nil {
			return err
		}
		if (old == nil && c.Version != 0) || (old != nil && old.Version != c.Version) {
			return ErrConflict
		}
		next := storedChannel{Channel: *c, Version: c.Version + 1}
		next.ID, next.Answer = id, compress(c.Answer)
		if err := putJSON(tx.Bucket(channelBucket), []byte(id), next); err != nil {
			return err
		}
		c.Version = next.Version
		return nil
	})
}

func (f *File) ListChannels(context.Context) ([]Channel, error) {
	var out []Channel
	err := f.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(channelBucket).ForEach(func(k, _ []byte) error {
			c, err := getChannel(tx, string(k))
			if err == nil {
				out = append(out, *c)
			}
			return err
		})
	})
	return out, err
}

func getChannel(tx *bolt.Tx, id string) (*Channel, error) {
	v := tx.Bucket(channelBucket).Get([]byte(id))
	if v == nil {
		return nil, nil
	}
	var s storedChannel
	if err := json.Unmarshal(v, &s); err != nil {
		return nil, fmt.Errorf("ledger: channel %s: %w", id, err)
	}
	s.Channel.Version = s.Version
	var err error
	s.Answer, err = decompress(s.Answer)
	return &s.Channel, err
}
