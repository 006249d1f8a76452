import { Menu } from 'antd';
import { Link } from 'react-router';

export interface SectionLink {
  key: string;
  label: string;
  to: string;
}

/**
 * The sections of a page (a location's, a building's) as a row of links. A tab bar whose tabs hold links nests one
 * interactive element in another (axe-core's nested-interactive: a screen reader announces the tab and hides the
 * link); a horizontal menu of links keeps real links (open in a new tab, the address in the status bar) and folds
 * the sections that do not fit into a "more" entry on narrow screens instead of widening the page.
 */
export function SectionNav({ label, sections, activeKey }: { label: string; sections: readonly SectionLink[]; activeKey: string }) {
  return (
    <nav aria-label={label}>
      <Menu
        mode="horizontal"
        selectedKeys={[activeKey]}
        style={{ borderBottom: 'none', minWidth: 0 }}
        items={sections.map((section) => ({ key: section.key, label: <Link to={section.to}>{section.label}</Link> }))}
      />
    </nav>
  );
}
