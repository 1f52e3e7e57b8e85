//! What the set-up view's map layer draws of a previewed state beyond its stacks and control:
//! the links the state closes (washed out, dotted, crossed in red), the markers, and which
//! spaces the state's findings name (a state's findings point at the step that made it).

use std::collections::BTreeMap;

use egui::{Align2, Color32, FontId, Painter, Pos2, Shape, Stroke, pos2, vec2};
use orbat_validator::Diagnostic;
use orbat_validator::analysis::events::Origin;
use orbat_validator::model::{MapFile, Scenario};

use super::state::SetupState;
use crate::canvas::layer::MapCtx;
use crate::ctx::Ctx;
use crate::preview::{self, Preview};

/// The spaces the previewed state's findings name, with those findings; None when no state
/// is previewed (the set-up's own marks apply).
pub fn marks<'d>(c: &Ctx<'d>, st: &SetupState) -> Option<BTreeMap<usize, Vec<&'d Diagnostic>>> {
    let (moment, p) = (st.preview.moment.as_ref()?, st.preview.shown()?);
    let (doc, map) = (c.doc, c.doc.map()?);
    let id = &c.current_scenario()?.id;
    let mut out: BTreeMap<usize, Vec<&Diagnostic>> = BTreeMap::new();
    for d in preview::findings(&doc.diagnostics, id, moment, p.played_on) {
        for space in preview::spaces_named(d, map) {
            out.entry(space).or_default().push(d);
        }
    }
    Some(out)
}

/// The placements a step of the previewed state made or changed (drawn outlined).
pub fn made(p: Option<&Preview>) -> Vec<usize> {
    p.map(|p| {
        p.board
            .placed_by
            .iter()
            .enumerate()
            .filter(|(_, o)| matches!(o, Origin::Step(_)))
            .map(|(i, _)| i)
            .collect()
    })
    .unwrap_or_default()
}

/// The links the state closes.
pub fn closed_links(painter: &Painter, m: &MapCtx<'_>, map: &MapFile, p: &Preview) {
    let (view, cam) = (m.state.view, *m.camera);
    let at = |id: &str| {
        map.spaces
            .iter()
            .find(|s| s.id == id)
            .map(|s| cam.to_screen(view, pos2(s.x, s.y)))
    };
    let red = Color32::from_rgb(200, 0, 0);
    for (link, open) in map.links.iter().zip(&p.board.links_open) {
        let (false, Some(a), Some(b)) = (*open, at(&link.a), at(&link.b)) else {
            continue;
        };
        // washed out under a dotted grey line: the link is there, but no one may use it
        painter.line_segment([a, b], Stroke::new(7.0, Color32::from_white_alpha(200)));
        painter.extend(Shape::dashed_line(
            &[a, b],
            Stroke::new(2.0, Color32::from_gray(120)),
            3.0,
            4.0,
        ));
        cross(painter, a + (b - a) * 0.5, red);
    }
}

fn cross(painter: &Painter, c: Pos2, color: Color32) {
    let s = 5.0;
    let stroke = Stroke::new(2.5, color);
    painter.line_segment([c + vec2(-s, -s), c + vec2(s, s)], stroke);
    painter.line_segment([c + vec2(-s, s), c + vec2(s, -s)], stroke);
}

/// The scenario's markers: a small diamond below right of their space, with the kind's id.
pub fn markers(painter: &Painter, m: &MapCtx<'_>, map: &MapFile, sc: &Scenario, r: f32) {
    let (view, cam) = (m.state.view, *m.camera);
    for (k, marker) in sc.markers.iter().enumerate() {
        let Some(s) = map.spaces.iter().find(|s| s.id == marker.at) else {
            continue;
        };
        // several markers on one space: side by side
        let before = sc.markers[..k].iter().filter(|x| x.at == marker.at).count();
        let c = cam.to_screen(view, pos2(s.x, s.y)) + vec2(r + 4.0 + 12.0 * before as f32, r);
        let d = 5.0;
        let points = vec![
            c + vec2(0.0, -d),
            c + vec2(d, 0.0),
            c + vec2(0.0, d),
            c + vec2(-d, 0.0),
        ];
        painter.add(Shape::convex_polygon(
            points,
            Color32::from_rgb(250, 230, 120),
            Stroke::new(1.0, Color32::BLACK),
        ));
        painter.text(
            c + vec2(d + 1.0, 0.0),
            Align2::LEFT_CENTER,
            marker.kind.as_str(),
            FontId::proportional(10.0),
            Color32::BLACK,
        );
    }
}
