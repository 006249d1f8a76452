// Stylesheets have no behaviour to test; jsdom cannot parse them as modules.
export default {};
