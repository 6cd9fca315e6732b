// How `changeset version` writes CHANGELOG.md entries (`changelog` in config.json): the lines of
// @changesets/cli's own generator, except for the first release. Its entries are the hand-written
// `<folder>-first-release.md` texts (RELEASING.md), so they go in without a commit hash, and the
// "Updated dependencies" lines are left out: every package appears at 0.1.0 together, and a first
// user has no earlier dependency versions to compare with.
const defaults = require("@changesets/cli/changelog").default;

const FIRST_RELEASE = /-first-release$/;

module.exports = {
  /** One changeset's entry: the default line, without the commit for a first-release changeset. */
  async getReleaseLine(changeset, type, options) {
    if (!FIRST_RELEASE.test(changeset.id)) return defaults.getReleaseLine(changeset, type, options);
    return defaults.getReleaseLine({ ...changeset, commit: undefined }, type, options);
  },
  /** "Updated dependencies", except when every updated dependency is released for the first time. */
  async getDependencyReleaseLine(changesets, dependenciesUpdated, options) {
    const firstRelease =
      dependenciesUpdated.length > 0 &&
      dependenciesUpdated.every((dependency) => dependency.oldVersion === "0.0.0");
    if (firstRelease) return "";
    return defaults.getDependencyReleaseLine(changesets, dependenciesUpdated, options);
  },
};
