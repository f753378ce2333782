package ledger

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A channel is kept as its version (8 bytes, big-endian) followed by its
// record as JSON: a write compares versions without decoding the record it
// replaces.

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
	next := *c
	next.ID = strings.ToLower(c.ID)
	doc, err := json.Marshal(&next)
	if err != nil {
		return err
	}
	value := binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(doc)), uint64(c.Version+1))
	value = append(value, doc...)
	err = f.writes.do(func(tx *bolt.Tx) error {
		old := tx.Bucket(channelBucket).Get([]byte(next.ID))
		if (old == nil && c.Version != 0) || (old != nil && (len(old) < 8 || int64(binary.BigEndian.Uint64(old)) != c.Version)) {
			return ErrConflict
		}
		return tx.Bucket(channelBucket).Put([]byte(next.ID), value)
	})
	if err == nil {
		c.Version++
	}
	return err
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
	c := new(Channel)
	if len(v) < 8 || json.Unmarshal(v[8:], c) != nil {
		return nil, fmt.Errorf("ledger: channel %s is not a versioned record", id)
	}
	c.Version = int64(binary.BigEndian.Uint64(v))
	return c, nil
}

// Lead is always true: the file is held by one process.
func (f *File) Lead(context.Context, string, time.Duration) (bool, error) { return true, nil }
