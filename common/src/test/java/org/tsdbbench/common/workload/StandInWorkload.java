package org.tsdbbench.common.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Option;

/**
 * A workload for the harness's own tests of the workload choice: it has a name and one data-set
 * flag of its own, and nothing a step could run (every use beyond the command line fails the
 * test), so that a module taking only it shows what a module that does not take the devices does.
 */
public final class StandInWorkload implements Workload {

    public static final StandInWorkload INSTANCE = new StandInWorkload();

    /** Its one flag, so that the help shows whose flags a step takes. */
    public static final class Options implements DataOptions {
        @Option(names = "--stand-in-scale", description = "The stand-in's scale (default: ${DEFAULT-VALUE}).")
        int scale = 1;

        @Override
        public void validate() {
        }

        @Override
        public DataSet dataSet() {
            throw new AssertionError("the stand-in has no data set");
        }
    }

    private StandInWorkload() {
    }

    @Override
    public String name() {
        return "standin";
    }

    @Override
    public String description() {
        return "a stand-in for the tests of the workload choice";
    }

    @Override
    public List<Table> tables() {
        return List.of();
    }

    @Override
    public DataOptions options() {
        return new Options();
    }

    @Override
    public DataSet defaultDataSet() {
        throw new AssertionError("the stand-in has no data set");
    }

    @Override
    public DataSet readDataSet(JsonNode json) {
        throw new AssertionError("the stand-in has no data set");
    }

    @Override
    public Query query(String id) {
        throw new AssertionError("the stand-in has no queries");
    }

    @Override
    public boolean implementedBy(org.tsdbbench.common.db.Session session, org.tsdbbench.common.query.Dialect dialect) {
        return false;
    }

    @Override
    public Callable<Integer> generator() {
        throw new AssertionError("the stand-in has no generator");
    }
}
