import GtkKit

/// What search may do with the window: use its search bar, field and results, and give the
/// keyboard back to the view shown. `SearchController` is given this narrow role, never the
/// whole `MainWindow`.
@MainActor
protocol SearchSurface: AnyObject {
    var searchEntry: SearchEntry { get }
    var searchBar: SearchBar { get }
    var searchResults: SearchResultsView { get }
    func closeSearch()
    /// While searching, the results take the plan list's place.
    func showSearchResults(_ show: Bool)
    /// Gives the keyboard to the view on screen, never to a hidden one.
    func focusShownView()
}

extension MainWindow: SearchSurface {}
