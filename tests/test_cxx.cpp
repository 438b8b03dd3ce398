// The public header used from C++17: it compiles warning-free with
// -pedantic, its declarations link against the C library (extern "C"), and a
// few calls give the same answers as from C. Ends with "N passed, N failed"
// like the C tests (tests/run.sh reads that line).
#include "bfc.h"

#include <array>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

int passed = 0, failed = 0;

void check(bool ok, const char *what, int line)
{
    if (ok) {
        ++passed;
    } else {
        ++failed;
        std::fprintf(stderr, "FAIL test_cxx.cpp:%d: %s\n", line, what);
    }
}

template <typename A, typename B> void eq(const A &got, const B &want, const char *what, int line)
{
    check(got == want, what, line);
}

#define CHECK(cond) check((cond), #cond, __LINE__)
#define EQ(got, want) eq((got), (want), #got " == " #want, __LINE__)

// Parses a list of cards into a vector, sized by the snprintf-style count.
std::vector<bfc_card> parse(const char *text, unsigned flags = 0)
{
    int n = bfc_cards_parse(text, flags, nullptr, 0, nullptr);
    if (n < 0)
        return {};
    std::vector<bfc_card> cards(static_cast<size_t>(n));
    bfc_cards_parse(text, flags, cards.data(), cards.size(), nullptr);
    return cards;
}

// Formats cards into a std::string, sized by the snprintf-style length.
std::string format(const std::vector<bfc_card> &cards, unsigned flags = 0)
{
    int n = bfc_cards_format(cards.data(), cards.size(), flags, nullptr, 0);
    if (n < 0)
        return "<error>";
    std::string s(static_cast<size_t>(n) + 1, '\0');
    bfc_cards_format(cards.data(), cards.size(), flags, &s[0], s.size());
    s.resize(static_cast<size_t>(n));
    return s;
}

void test_cxx__version()
{
    EQ(bfc_version(), BFC_VERSION_NUMBER);
    EQ(std::string_view(bfc_version_string()), std::string_view(BFC_VERSION_STRING));
    EQ(std::string_view(bfc_strerror(BFC_EDUP)), std::string_view("duplicate card"));
    CHECK(bfc_strerror(-12345) != nullptr);
}

void test_cxx__parse_and_format()
{
    // RULES 1: Unicode suits with a hyphen list, ten as "10"
    auto cards = parse("7\xE2\x99\xA0-7\xE2\x99\xA6-8\xE2\x99\xA3-10\xE2\x99\xA5");
    EQ(cards.size(), size_t{4});
    EQ(format(cards), std::string("7S 7D 8C TH"));
    EQ(format(cards, BFC_UNICODE),
       std::string("7\xE2\x99\xA0 7\xE2\x99\xA6 8\xE2\x99\xA3 10\xE2\x99\xA5"));
    EQ(parse(format(cards, BFC_UNICODE).c_str()), cards); // every output form parses back
    // every card, both forms, round trip
    int bad = 0;
    for (int c = 0; c <= BFC_JOKER; ++c)
        for (unsigned f : {0u, BFC_UNICODE}) {
            std::array<char, BFC_CARD_TEXT_MAX> buf{};
            int n = bfc_card_format(static_cast<bfc_card>(c), f, buf.data(), buf.size());
            bfc_card back = BFC_CARD_NONE;
            bad += n <= 0 || bfc_card_parse(buf.data(), &back) != BFC_OK || back != c;
        }
    EQ(bad, 0);
    // errors name the bad token
    bfc_parse_error err{};
    EQ(bfc_cards_parse("5H, 5X", 0, nullptr, 0, &err), static_cast<int>(BFC_EPARSE));
    EQ(err.offset, size_t{4});
    EQ(err.length, size_t{2});
    EQ(bfc_cards_parse("5H JK", 0, nullptr, 0, &err), static_cast<int>(BFC_EJOKER));
    EQ(parse("5H JK", BFC_PARSE_JOKER).size(), size_t{2});
    EQ(bfc_card_make(BFC_JACK, BFC_DIAMONDS), parse("JD").at(0));
    EQ(bfc_card_value(BFC_JOKER), 0);
}

void test_cxx__score()
{
    auto hand = parse("5H 5C 5S JD");
    const bfc_card five_d = parse("5D").at(0);
    EQ(bfc_score_show(hand.data(), five_d, 0), 29); // the highest hand
    bfc_hand_score s{};
    EQ(bfc_score_hand(hand.data(), hand.size(), five_d, 0, &s), 29);
    EQ(int{s.fifteens}, 16);
    EQ(int{s.pairs}, 12);
    EQ(int{s.nobs}, 1);
    std::array<int8_t, 52> all{};
    EQ(bfc_score_show_all_starters(hand.data(), 0, all.data()), static_cast<int>(BFC_OK));
    EQ(int{all[five_d]}, 29);
    // itemised, then narrated
    std::array<bfc_item, BFC_MAX_ITEMS> items{};
    int k = bfc_score_hand_items(hand.data(), hand.size(), five_d, 0, items.data(), items.size());
    EQ(k, 15);
    std::string text(256, '\0');
    int len = bfc_items_narrate(items.data(), static_cast<size_t>(k), &text[0], text.size());
    CHECK(len > 0 && static_cast<size_t>(len) < text.size());
    text.resize(static_cast<size_t>(len));
    CHECK(text.rfind("and nobs is twenty-nine") != std::string::npos);
    EQ(std::string_view(bfc_item_kind_name(BFC_ITEM_PAIR)), std::string_view("pair"));
    // RULES 4.7: the joker kills a BFC hand
    auto killed = parse("5H 5C JK JD", BFC_PARSE_JOKER);
    EQ(bfc_score_show(killed.data(), five_d, BFC_KILL_CARD), 0);
    EQ(bfc_score_show(killed.data(), five_d, 0), static_cast<int>(BFC_EJOKER));
    // RULES 2.3: a frontline run of 3 with the turn card
    auto fl = parse("3C 4D");
    bfc_frontline_score f{};
    EQ(bfc_score_frontline(fl.data(), fl.size(), parse("5H").at(0), BFC_TURN_CARD, &f), 4);
    EQ(int{f.combo}, static_cast<int>(BFC_COMBO_RUN_3));
    EQ(std::string_view(bfc_combo_name(f.combo)), std::string_view("run of 3"));
    // a kept frontline
    bfc_frontline kept;
    bfc_frontline_init(&kept);
    EQ(bfc_frontline_set(&kept, fl.data(), fl.size()), static_cast<int>(BFC_OK));
    EQ(bfc_frontline_place(&kept, parse("5H").at(0), 0, nullptr), 3);
    EQ(int{kept.n}, 3);
    // RULES 2.2: pegging a 15
    auto seq = parse("5C TD");
    EQ(bfc_score_peg(seq.data(), seq.size()), 2);
}

} // namespace

int main()
{
    test_cxx__version();
    test_cxx__parse_and_format();
    test_cxx__score();
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
