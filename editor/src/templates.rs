//! The shipped games (`scenarios/`), embedded in the editor so File > New game can start from
//! one wherever the binary runs: one row of the table per game, every file of its folder.
//!
//! About 1.5 MB of the binary (the RON files and the backdrop PNGs); a unit test fails when a
//! file is added to a shipped game's folder and not to its row here.

/// A shipped game: its folder's name in `scenarios/`, its title, and every file of the folder.
pub struct Template {
    pub folder: &'static str,
    pub title: &'static str,
    pub files: &'static [(&'static str, &'static [u8])],
}

impl Template {
    /// One file's bytes by name.
    pub fn file(&self, name: &str) -> Option<&'static [u8]> {
        self.files.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
    }

    /// One file's text by name (every RON file is UTF-8).
    pub fn text(&self, name: &str) -> Option<&'static str> {
        std::str::from_utf8(self.file(name)?).ok()
    }
}

/// A row of the table: the folder, its title, its files, each embedded.
macro_rules! template {
    ($folder:literal, $title:literal, [$($file:literal),* $(,)?]) => {
        Template {
            folder: $folder,
            title: $title,
            files: &[$((
                $file,
                include_bytes!(concat!(
                    env!("CARGO_MANIFEST_DIR"), "/../scenarios/", $folder, "/", $file
                )) as &[u8],
            )),*],
        }
    };
}

/// Every shipped game, in the order the New game window lists them.
pub static TEMPLATES: &[Template] = &[
    template!(
        "paths-of-glory",
        "Paths of Glory",
        [
            "README.md",
            "backdrop.png",
            "campaign-tournament.scenario.ron",
            "campaign.scenario.ron",
            "cards.ron",
            "checks.ron",
            "game.ron",
            "introductory.scenario.ron",
            "limited-war.scenario.ron",
            "map.ron",
            "text.en.ron",
            "text.it.ron",
            "units.ron",
        ]
    ),
    template!(
        "pursuit-of-glory",
        "Pursuit of Glory",
        [
            "README.md",
            "backdrop.png",
            "campaign-1914-en.scenario.ron",
            "campaign-1914-it.scenario.ron",
            "cards.ron",
            "checks.ron",
            "game.ron",
            "limited-war-1914-en.scenario.ron",
            "limited-war-1914-it.scenario.ron",
            "map.ron",
            "text.en.ron",
            "text.it.ron",
            "total-war-1916-en.scenario.ron",
            "total-war-1916-it.scenario.ron",
            "units.ron",
        ]
    ),
    template!(
        "triumph-of-chaos",
        "Triumph of Chaos",
        [
            "README.md",
            "backdrop.png",
            "campaign.scenario.ron",
            "cards.ron",
            "checks.ron",
            "game.ron",
            "map.ron",
            "text.en.ron",
            "text.it.ron",
            "units.ron",
        ]
    ),
    template!(
        "fitna",
        "FITNA",
        [
            "README.md",
            "backdrop.png",
            "cards.ron",
            "checks.ron",
            "game.ron",
            "map.ron",
            "s01-syrian-civil-war.scenario.ron",
            "s02-fight-against-is.scenario.ron",
            "s03-kremlin-counter-attacks.scenario.ron",
            "s04-collapse-of-is.scenario.ron",
            "s05-iraq-invades-kuwait.scenario.ron",
            "s06-the-sultan-awakens.scenario.ron",
            "s07-kurdish-independence.scenario.ron",
            "s08-iran-vs-saudi-arabia.scenario.ron",
            "s09-tsahal-vs-hezbollah.scenario.ron",
            "s10-regional-war-in-syria.scenario.ron",
            "s11-fitna-campaign.scenario.ron",
            "text.en.ron",
            "text.it.ron",
            "units.ron",
        ]
    ),
    template!(
        "italian-front",
        "Italian Front 1915-1918",
        [
            "README.md",
            "backdrop.png",
            "caporetto-1917.scenario.ron",
            "cards.ron",
            "checks.ron",
            "game.ron",
            "intervention-1915.scenario.ron",
            "map.ron",
            "text.en.ron",
            "text.it.ron",
            "units.ron",
        ]
    ),
    template!(
        "northern-war",
        "The Northern War 1700-1721",
        [
            "README.md",
            "altranstadt-1707.scenario.ron",
            "cards.ron",
            "checks.ron",
            "game.ron",
            "map.ron",
            "narva-1700.scenario.ron",
            "poltava-1709.scenario.ron",
            "text.en.ron",
            "units.ron",
        ]
    ),
    template!(
        "river-war",
        "The River War",
        [
            "README.md",
            "below-the-forts-1863.scenario.ron",
            "cards.ron",
            "checks.ron",
            "game.ron",
            "map.ron",
            "rivers-open-1862.scenario.ron",
            "text.en.ron",
            "units.ron",
        ]
    ),
];

/// A shipped game by its folder's name.
pub fn find(folder: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.folder == folder)
}

#[cfg(test)]
mod tests {
    use super::TEMPLATES;
    use std::path::Path;

    #[test]
    fn every_file_of_every_shipped_game_is_in_the_table() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
        let mut folders: Vec<String> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap())
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        folders.sort();
        let mut listed: Vec<String> = TEMPLATES.iter().map(|t| t.folder.to_owned()).collect();
        listed.sort();
        assert_eq!(folders, listed, "a shipped game missing from TEMPLATES");
        for t in TEMPLATES {
            let mut on_disk: Vec<String> = std::fs::read_dir(root.join(t.folder))
                .unwrap()
                .map(|e| e.unwrap())
                .filter(|e| e.path().is_file())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            on_disk.sort();
            let mut names: Vec<String> = t.files.iter().map(|(n, _)| (*n).to_owned()).collect();
            names.sort();
            assert_eq!(on_disk, names, "{}: files not in its row", t.folder);
        }
    }
}
