package ledger

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A channel is kept as its version (8 bytes, big-endian) followed by its
// record as JSON: a write compares versions without decoding the record it
// replaces. Records are written behind their calls (see file_channel_log.go).

func (f *File) Channel(_ context.Context, id string) (*Channel, error) {
	id = strings.ToLower(id)
	v, err := f.channelValue(id)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, ErrNotFound
	}
	return decodeChannel(id, v)
}

func (f *File) PutChannel(_ context.Context, c *Channel) error {
	next := *c
	next.ID = strings.ToLower(c.ID)
	value, err := appendChannelJSON(binary.BigEndian.AppendUint64(nil, uint64(c.Version+1)), &next)
	if err != nil {
		return err
	}
	if err := f.putChannel(next.ID, c.Version, value); err != nil {
		return err
	}
	c.Version++
	return nil
}

// ListChannels returns every record in the order of their ids.
func (f *File) ListChannels(context.Context) ([]Channel, error) {
	var out []Channel
	var buf []byte
	err := f.eachChannel(func(id string, v []byte) (*Channel, error) {
		if len(v) < 8 {
			return nil, fmt.Errorf("ledger: channel %s is not a versioned record", id)
		}
		c, scratch, err := decodeListed(v[8:], versionOf(v), buf)
		buf = scratch
		if err != nil {
			return nil, fmt.Errorf("ledger: channel %s is not a versioned record", id)
		}
		return c, nil
	}, func(c *Channel) bool {
		out = append(out, *c)
		return true
	})
	slices.SortFunc(out, func(a, b Channel) int { return strings.Compare(a.ID, b.ID) })
	return out, err
}

// eachChannel calls fn with every channel record as decode makes it from
// its id and stored value, those not yet committed first, until fn returns
// false.
func (f *File) eachChannel(decode func(id string, v []byte) (*Channel, error), fn func(*Channel) bool) error {
	journalled := f.journalled()
	ids := slices.Sorted(func(yield func(string) bool) {
		for id := range journalled {
			if !yield(id) {
				return
			}
		}
	})
	for _, id := range ids {
		c, err := decode(id, journalled[id])
		if err != nil {
			return err
		}
		if !fn(c) {
			return nil
		}
	}
	return f.db.View(func(tx *bolt.Tx) error {
		cur := tx.Bucket(channelBucket).Cursor()
		for k, v := cur.First(); k != nil; k, v = cur.Next() {
			if _, newer := journalled[string(k)]; newer {
				continue
			}
			c, err := decode(string(k), v)
			if err != nil {
				return err
			}
			if !fn(c) {
				return nil
			}
		}
		return nil
	})
}

func decodeChannel(id string, v []byte) (*Channel, error) {
	c := new(Channel)
	if len(v) < 8 || json.Unmarshal(v[8:], c) != nil {
		return nil, fmt.Errorf("ledger: channel %s is not a versioned record", id)
	}
	c.Version = versionOf(v)
	return c, nil
}

// Lead is always true: the file is held by one process.
func (f *File) Lead(context.Context, string, time.Duration) (bool, error) { return true, nil }
