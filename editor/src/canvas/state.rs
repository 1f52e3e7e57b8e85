//! What the canvas keeps between frames: the tool in hand, what the pointer is doing, what
//! is shown, and the view's rectangle.

use egui::{Pos2, Rect};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Click to select, shift-click to add, drag a space to move, drag on empty map for a band.
    #[default]
    Select,
    /// Click on empty map to add a space.
    AddSpace,
    /// Drag from a space to another (or click one, then the other) to link them.
    AddLink,
}

impl Tool {
    pub const ALL: [Tool; 3] = [Tool::Select, Tool::AddSpace, Tool::AddLink];

    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "Select",
            Tool::AddSpace => "Add space",
            Tool::AddLink => "Add link",
        }
    }

    /// The key that picks the tool on the map (shown in its tooltip and the Help sheet).
    pub fn key(self) -> egui::Key {
        match self {
            Tool::Select => egui::Key::V,
            Tool::AddSpace => egui::Key::P,
            Tool::AddLink => egui::Key::L,
        }
    }

    pub fn key_name(self) -> &'static str {
        self.key().name()
    }

    pub fn hint(self) -> &'static str {
        match self {
            Tool::Select => {
                "click to select, shift-click to add, drag to move, drag on empty map to select an area"
            }
            Tool::AddSpace => "click on the map to add a space",
            Tool::AddLink => {
                "drag from a space to another, or click one then the other, to link them"
            }
        }
    }
}

/// What the pointer is doing across frames.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Gesture {
    #[default]
    None,
    /// Moving spaces: their start positions, the grabbed space and the grab point.
    Move {
        key: u64,
        grabbed: usize,
        starts: Vec<(usize, Pos2)>,
        grab: Pos2,
        last: Option<Pos2>,
    },
    /// Selecting the spaces inside a rectangle (map units).
    Band { from: Pos2, to: Pos2, add: bool },
    /// Drawing a link from a space.
    Link { from: usize, to: Pos2 },
}

#[derive(Debug, Clone, PartialEq)]
pub struct CanvasState {
    pub tool: Tool,
    /// Grid to snap positions to, in map units.
    pub snap: Option<f32>,
    pub show_labels: bool,
    pub show_backdrop: bool,
    pub gesture: Gesture,
    /// First space clicked with the link tool, waiting for the second.
    pub link_from: Option<usize>,
    pub hover: Option<usize>,
    /// The view's rectangle at the last frame (for keyboard zoom and tests).
    pub view: Rect,
    /// What the open right-click menu is about.
    pub menu: Option<MenuTarget>,
    /// The menu's Rename… was chosen: the inspector puts the keyboard in the id field.
    pub rename_requested: bool,
}

/// What a right-click on the map was on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MenuTarget {
    Space(usize),
    Link(usize),
    /// Empty map, at this map position.
    Map(Pos2),
}

impl Default for CanvasState {
    fn default() -> Self {
        CanvasState {
            tool: Tool::Select,
            snap: None,
            show_labels: true,
            show_backdrop: true,
            gesture: Gesture::None,
            link_from: None,
            hover: None,
            view: Rect::NOTHING,
            menu: None,
            rename_requested: false,
        }
    }
}
