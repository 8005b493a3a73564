package org.tsdbbench.results;

/**
 * The write cells a published report ran for one database on one workload, as rows per request x
 * clients pairs in the write step's {@code --cells} syntax ({@code 1000x30,10000x12}), and which report
 * they come from in words: what {@code compare --matrix published} runs for that module and workload,
 * read from the module's {@code describe}.
 */
public record PublishedCells(String workload, String cells, String source) {

    public PublishedCells {
        if (workload == null || workload.isBlank()) {
            throw new IllegalArgumentException("published cells without a workload");
        }
        if (cells == null || !cells.matches("\\d+x\\d+(,\\d+x\\d+)*")) {
            throw new IllegalArgumentException("published cells '" + cells + "': pairs such as 1000x30,10000x12");
        }
    }

    /** The most clients of any of the cells. */
    public int mostClients() {
        int most = 0;
        for (String cell : cells.split(",")) most = Math.max(most,
                Integer.parseInt(cell.substring(cell.indexOf('x') + 1)));
        return most;
    }
}
