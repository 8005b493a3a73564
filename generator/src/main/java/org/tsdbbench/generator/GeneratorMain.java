package org.tsdbbench.generator;

import java.io.IOException;
import org.tsdbbench.common.workload.Workload;
import org.tsdbbench.common.workload.Workloads;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Writes a workload's data set as files: {@code generator [-workload NAME] <its flags>}, the
 * devices by default (their flags are the original tools': {@code -dataDir -numOfFiles
 * -numOfDevices -rowsPerDevice -seed}); {@code -workload iot} writes TSBS's IoT trucks as one file of
 * {@code tsbs_generate_data --use-case=iot --format=influx} ({@code -scale iot-1 -file out.gz}).
 * Each workload brings its own generator command
 * ({@link Workload#generator}); this chooses it and reports errors in one line (exit 2 for bad
 * input).
 */
public final class GeneratorMain {

    private GeneratorMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String... args) {
        Workload workload;
        try {
            workload = Workloads.find(Workloads.named(args).orElse(Workloads.all().get(0).name()));
        } catch (IllegalArgumentException e) {
            System.err.println("error: -workload: " + e.getMessage());
            return 2;
        }
        CommandLine cl = new CommandLine(workload.generator());
        // Declared here so that the command takes it and its help lists it; the choice was read above.
        cl.getCommandSpec().addOption(OptionSpec.builder(Workloads.FLAG.toArray(String[]::new)).paramLabel("NAME").type(String.class)
                .description("The workload whose data set to write: " + Workloads.names(Workloads.all()) + " (default: "
                        + Workloads.all().get(0).name() + ").").build());
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("error: " + ex.getMessage() + " (see --help)");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, p) -> {
            c.getErr().println("error: " + ex.getMessage());
            return ex instanceof IllegalArgumentException || ex instanceof IOException ? 2 : 1;
        });
        return cl.execute(args);
    }
}
