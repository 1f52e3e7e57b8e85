//! Set-up charts: per scenario and faction, the units and where they start (reduced ones
//! marked), then the scenario's markers, neutral nations, track start values and the cards
//! in each hand, flowing over as many pages as they need.

use std::collections::HashMap;

use orbat_validator::GameFolder;
use orbat_validator::model::{Game, Scenario};

use crate::failure::Failure;
use crate::fit;
use crate::font::{Face, Fonts};
use crate::options::Options;
use crate::palette;
use crate::pdf::{Align, BLACK, Page};
use crate::text::Texts;

const MARGIN: f32 = 15.0;

/// Text flowing down pages.
struct Flow<'a> {
    pages: &'a mut Vec<Page>,
    page: Option<Page>,
    y: f32,
    w: f32,
    h: f32,
}

impl Flow<'_> {
    fn page(&mut self) -> &mut Page {
        if self.page.is_none() {
            self.page = Some(Page::new(self.w, self.h));
            self.y = MARGIN;
        }
        self.page.as_mut().expect("just made")
    }

    fn room(&mut self, need: f32) {
        if self.page.is_some() && self.y + need > self.h - MARGIN {
            self.end();
        }
    }

    fn end(&mut self) {
        if let Some(p) = self.page.take() {
            self.pages.push(p);
        }
    }

    /// A line (wrapped), at `indent` mm, in `size` points.
    fn line(&mut self, fonts: &mut Fonts, face: Face, size: f32, indent: f32, text: &str) {
        let w = self.w - 2.0 * MARGIN - indent;
        let lines = fit::wrap(fonts, face, text, w, size);
        let lead = size * 1.3 / crate::pdf::PT;
        for l in lines {
            self.room(lead);
            self.page();
            let y = self.y + lead;
            let p = self.page();
            p.fill(BLACK);
            p.text(fonts, face, size, MARGIN + indent, y, Align::Left, &l);
            self.y += lead;
        }
    }

    fn gap(&mut self, mm: f32) {
        self.y += mm;
    }
}

/// Adds the set-up charts of the scenarios (or of the one `--scenario` names) to `pages`.
pub fn draw(
    folder: &GameFolder,
    texts: &Texts<'_>,
    fonts: &mut Fonts,
    opts: &Options,
    pages: &mut Vec<Page>,
) -> Result<(), Failure> {
    let Some(game) = &folder.game else {
        return Ok(());
    };
    let game = &game.value;
    let mut scenarios: Vec<&Scenario> = folder.scenarios.iter().map(|d| &d.value).collect();
    scenarios.sort_by(|a, b| a.id.cmp(&b.id));
    if let Some(want) = &opts.scenario {
        scenarios.retain(|s| s.id == want.as_str());
        if scenarios.is_empty() {
            let mut have: Vec<&str> = folder
                .scenarios
                .iter()
                .map(|d| d.value.id.as_str())
                .collect();
            have.sort();
            return Err(Failure::Error(format!(
                "the game has no scenario `{want}`: choose one of {}",
                have.join(", ")
            )));
        }
    }
    let (w, h) = opts.paper.size();
    let mut flow = Flow {
        pages,
        page: None,
        y: MARGIN,
        w,
        h,
    };
    for s in scenarios {
        one(&mut flow, fonts, texts, game, folder, s);
        flow.end();
    }
    Ok(())
}

fn one(
    flow: &mut Flow<'_>,
    fonts: &mut Fonts,
    texts: &Texts<'_>,
    game: &Game,
    folder: &GameFolder,
    s: &Scenario,
) {
    let title = title(texts, &s.id);
    flow.line(
        fonts,
        Face::Bold,
        16.0,
        0.0,
        &format!("{}: {title}", texts.label("set-up")),
    );
    let mut sub = format!(
        "{} {}–{}",
        texts.label("turns"),
        s.turns.first,
        s.turns.last
    );
    if let Some(r) = &s.ruleset {
        let r = texts.name("ruleset", r);
        sub.push_str(&format!(" · {} {r}", texts.label("ruleset")));
    }
    if let Some(n) = s.players {
        sub.push_str(&format!(" · {} {n}", texts.label("players")));
    }
    flow.line(fonts, Face::Regular, 9.0, 0.0, &sub);
    flow.gap(3.0);
    let units = folder
        .units
        .as_ref()
        .map(|u| &u.value.units[..])
        .unwrap_or(&[]);
    // each unit's faction, looked up once: a large game places tens of thousands of units
    let faction_of: HashMap<&str, &str> = units
        .iter()
        .map(|u| (u.id.as_str(), u.faction.as_str()))
        .collect();
    let mut by_faction: HashMap<&str, Vec<_>> = HashMap::new();
    for p in &s.placements {
        if let Some(f) = faction_of.get(p.unit.as_str()) {
            by_faction.entry(*f).or_default().push(p);
        }
    }
    for (fi, f) in game.factions.iter().enumerate() {
        let placed = by_faction.remove(f.id.as_str()).unwrap_or_default();
        if placed.is_empty() {
            continue;
        }
        flow.room(14.0);
        flow.page();
        let y = flow.y;
        let page = flow.page();
        page.fill(palette::of_faction(&game.factions, fi));
        page.rect(MARGIN, y + 1.0, 4.0, 4.0, true, false);
        flow.line(fonts, Face::Bold, 11.0, 6.0, &texts.name("faction", &f.id));
        for p in placed {
            let mut line = String::new();
            if p.count > 1 {
                line.push_str(&format!("{} × ", p.count));
            }
            line.push_str(&texts.name("unit", &p.unit));
            line.push_str(" — ");
            line.push_str(&texts.name("space", &p.at));
            if p.reduced {
                line.push_str(&format!("  [{}]", texts.label("reduced")));
            }
            flow.line(fonts, Face::Regular, 8.5, 6.0, &line);
        }
        flow.gap(2.0);
    }
    let mut section = |flow: &mut Flow<'_>, head: &str, items: Vec<String>| {
        if items.is_empty() {
            return;
        }
        flow.room(12.0);
        flow.line(fonts, Face::Bold, 11.0, 0.0, head);
        for i in items {
            flow.line(fonts, Face::Regular, 8.5, 6.0, &i);
        }
        flow.gap(2.0);
    };
    let markers = s
        .markers
        .iter()
        .map(|m| {
            let mut t = format!(
                "{} — {}",
                texts.name("marker", &m.kind),
                texts.name("space", &m.at)
            );
            if let Some(side) = &m.side {
                t.push_str(&format!(" ({})", texts.name("side", side)));
            }
            t
        })
        .collect();
    section(flow, &texts.label("markers"), markers);
    let neutral = s.neutral.iter().map(|n| texts.name("faction", n)).collect();
    section(flow, &texts.label("neutral-nations"), neutral);
    let aligned = s
        .alignments
        .iter()
        .map(|a| {
            format!(
                "{}: {}",
                texts.name("faction", &a.faction),
                texts.name("side", &a.side)
            )
        })
        .collect();
    section(flow, &texts.label("sides-changed"), aligned);
    let tracks = s
        .tracks
        .iter()
        .map(|t| format!("{}: {}", texts.name("track", &t.track), t.value))
        .collect();
    section(flow, &texts.label("tracks"), tracks);
    let hands = s
        .hands
        .iter()
        .map(|hd| {
            let holder = if game.sides.iter().any(|x| x.id == hd.holder) {
                texts.name("side", &hd.holder)
            } else {
                texts.name("faction", &hd.holder)
            };
            let cards: Vec<String> = hd.cards.iter().map(|c| texts.name("card", c)).collect();
            format!("{holder}: {}", cards.join(", "))
        })
        .collect();
    section(flow, &texts.label("cards-in-hand"), hands);
    section(flow, &texts.label("draw-piles"), draw_piles(texts, s));
    section(
        flow,
        &texts.label("control-changed"),
        control(texts, folder, s),
    );
}

/// A scenario's title: its name in the texts (`scenario:<id>`), else its id written as words
/// (`campaign-tournament`: "Campaign tournament").
pub fn title(texts: &Texts<'_>, id: &str) -> String {
    texts.name("scenario", id)
}

/// Each deck's draw pile at the start: the deck, how many cards, and which.
fn draw_piles(texts: &Texts<'_>, s: &Scenario) -> Vec<String> {
    s.decks
        .iter()
        .map(|d| {
            let cards: Vec<String> = d.cards.iter().map(|c| texts.name("card", c)).collect();
            format!(
                "{} ({}): {}",
                texts.name("deck", &d.deck),
                d.cards.len(),
                cards.join(", ")
            )
        })
        .collect()
}

/// The spaces whose control at the start differs from the map's.
fn control(texts: &Texts<'_>, folder: &GameFolder, s: &Scenario) -> Vec<String> {
    let spaces = folder
        .map
        .as_ref()
        .map(|m| &m.value.spaces[..])
        .unwrap_or(&[]);
    let on_map: HashMap<&str, Option<&str>> = spaces
        .iter()
        .map(|sp| (sp.id.as_str(), sp.control.as_deref()))
        .collect();
    s.control
        .iter()
        .filter(|c| on_map.get(c.space.as_str()).copied().flatten() != c.faction.as_deref())
        .map(|c| {
            let holder = match &c.faction {
                Some(f) => texts.name("faction", f),
                None => texts.label("uncontrolled"),
            };
            format!("{}: {holder}", texts.name("space", &c.space))
        })
        .collect()
}
