package treasury

import (
	"io/fs"
	"testing"
)

func TestQueryRequest(t *testing.T) {
	q := Query{Dataset: OperatingCashBalance, Fields: []string{"record_date", "open_today_bal"}, Filter: "record_date:gte:2026-11-01", Sort: "-record_date", PageSize: 100, Page: 2}
	want := "https://api.fiscaldata.treasury.gov/services/api/fiscal_service/v1/accounting/dts/operating_cash_balance?fields=record_date%2Copen_today_bal&filter=record_date%3Agte%3A2026-11-01&format=json&page%5Bnumber%5D=2&page%5Bsize%5D=100&sort=-record_date"
	if got := q.Request().URL; got != want {
		t.Errorf("got %s", got)
	}
}

func TestDecodePage(t *testing.T) {
	body, _ := fs.ReadFile(testdata, "testdata/operating_cash_balance.json")
	p, err := DecodePage(body)
	if err != nil {
		t.Fatal(err)
	}
	r := p.Rows[0]
	if v, ok := r.Amount("open_today_bal"); !ok || v != 1317208 || r["account_type"] != "Treasury General Account (TGA) Closing Balance" || p.TotalPages != 1 {
		t.Errorf("first row %v", r)
	}
	p, err = DecodePage([]byte(`{"data":[{"a":"null","b":null,"c":12.5,"d":"1,000"}],"meta":{"total-count":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	r = p.Rows[0]
	if _, ok := r.Amount("a"); ok {
		t.Error(`"null" read as an amount`)
	}
	if _, ok := r.Amount("b"); ok {
		t.Error("null read as an amount")
	}
	if v, _ := r.Amount("c"); v != 12.5 {
		t.Errorf("number %v", v)
	}
	if v, _ := r.Amount("d"); v != 1000 {
		t.Errorf("grouped number %v", v)
	}
	if _, err := DecodePage([]byte(`{"error":"Invalid query parameter"}`)); err == nil {
		t.Error("an error body decoded")
	}
}
